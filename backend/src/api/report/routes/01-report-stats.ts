// Loaded before the core router (files load in name order) so that /reports/stats is not read as an id.
export default {
  routes: [
    { method: 'GET', path: '/reports/stats', handler: 'report.stats' },
    // What a manager runs the service by, for a period (rules/figures.ts).
    { method: 'GET', path: '/reports/figures', handler: 'report.figures' },
    // The reports map: markers of the visible area (rules/area.ts).
    { method: 'GET', path: '/reports/in-area', handler: 'report.inArea' },
    // Every report matching the list's filters and search, streamed as JSON lines for the CSV export (rules/export.ts).
    { method: 'GET', path: '/reports/export', handler: 'report.export' },
    // How many reports each tab of the list holds, under the list's filters and search, in one call (rules/view-counts.ts).
    { method: 'GET', path: '/reports/counts', handler: 'report.counts' },
    // The origins reports hold (« Back-office », each Open311 client's name): the list's « Origine » filter.
    { method: 'GET', path: '/reports/sources', handler: 'report.sources' },
    // Possible duplicates of a report being typed (the staff form, before saving): ?latitude=&longitude=&type= (rules/duplicates.ts).
    { method: 'GET', path: '/reports/nearby', handler: 'report.nearbyPoint' },
    // Possible duplicates of a stored report: the detail's « Signalements proches ».
    { method: 'GET', path: '/reports/:id/nearby', handler: 'report.nearby' },
    // Marks the report a duplicate of { original }: closed with a public note, its citizen follows the original.
    { method: 'POST', path: '/reports/:id/duplicate', handler: 'report.duplicate' },
    // Approves or rejects a report awaiting moderation (rules/moderation.ts).
    { method: 'POST', path: '/reports/:id/moderation', handler: 'report.moderate' },
    // A citizen's « ne plus recevoir d'e-mails » link: no login, the signed token is the proof (rules/citizen-email.ts).
    { method: 'POST', path: '/reports/email-opt-out', handler: 'report.emailOptOut', config: { auth: false } },
    // Whether that link was already used: the page says « déjà désabonné » on a reload (changes nothing).
    { method: 'POST', path: '/reports/email-opt-out/status', handler: 'report.emailOptOutStatus', config: { auth: false } },
  ],
};
