import { contentType } from '../../../../utils/content-type';

// Its attributes: domain/attributes/report.ts. Lists filter and sort by these columns.
export default contentType('report', {
  indexes: [
    // report_status leads, so filters use it; the legacy status beside it makes the stats' count index-only.
    { name: 'reports_report_status_idx', columns: ['report_status', 'status'] },
    // The lists' default order alone and after each filter: backend/src/api/report/rules/sort-indexes.ts (they
    // need a direction). They begin with created_at, zone, priority or type, so they serve those
    // columns' filters and the stats too: no single-column index of them is kept (a write updates each index).
    // Sorting by priority or status sorts by these ranks (backend/src/api/report/rules/ranks.ts).
    { name: 'reports_priority_rank_idx', columns: ['priority_rank'] },
    { name: 'reports_status_rank_idx', columns: ['status_rank'] },
    // The reports map asks for a visible area: a range on both coordinates (rules/area.ts).
    { name: 'reports_lat_lng_idx', columns: ['latitude', 'longitude'] },
    // « En retard » and « Bientôt en retard » (open reports past a time), the reminders' job and the figures.
    // The target before the reminder time: « Bientôt en retard » reads the few targets still ahead, from the index alone.
    { name: 'reports_status_sla_target_idx', columns: ['report_status', 'sla_target', 'sla_warning_at'] },
    // The reminders' job: open reports whose latest reminder is not sent, past their reminder time (rules/reminders.ts).
    { name: 'reports_sla_reminders_idx', columns: ['report_status', 'sla_notified', 'sla_warning_at'] },
    // « Mes signalements ».
    { name: 'reports_assigned_to_idx', columns: ['assigned_to', 'report_status'] },
    { name: 'reports_closed_at_idx', columns: ['closed_at'] },
    { name: 'reports_first_response_at_idx', columns: ['first_response_at'] },
  ],
});
