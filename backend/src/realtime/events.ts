/** What the socket sends for a report or an event (docs/architecture.md, « Temps réel »). */
export function reportPayload(report: any) {
  return {
    id: report.documentId,
    // The short reference staff and citizens quote (notifications name the report by it).
    reference: report.reference ?? null,
    title: report.title ?? report.type,
    type: report.type,
    priority: report.priority,
    description: report.description,
    location: report.address ?? report.zone,
    zone: report.zone,
    status: report.report_status,
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
  };
}

export function eventPayload(event: any) {
  return {
    id: event.documentId,
    title: event.title,
    type: event.category,
    description: event.description,
    date: event.date,
    time: event.time,
    location: event.location,
  };
}
