import { factories } from '@strapi/strapi';
import { PUBLIC_KINDS, type ReportUpdateKind } from '@mamoudzou/domain/timeline';

const UPDATE = 'api::report-update.report-update';

export interface TimelineEntry {
  report: string;
  kind: ReportUpdateKind;
  text?: string | null;
  statusBefore?: string | null;
  statusAfter?: string | null;
  author?: { id?: number; username?: string; email?: string } | null;
  /** Overrides the kind's default (a reply is public, a note not). */
  public?: boolean;
}

export default factories.createCoreService(UPDATE, ({ strapi }) => ({
  /** Writes one line of a report's timeline (the backend's own lines and staff's). */
  async record(entry: TimelineEntry) {
    return strapi.db.query(UPDATE).create({
      data: {
        report: entry.report,
        kind: entry.kind,
        public: entry.public ?? PUBLIC_KINDS.includes(entry.kind),
        text: entry.text ?? null,
        statusBefore: entry.statusBefore ?? null,
        statusAfter: entry.statusAfter ?? null,
        authorId: entry.author?.id ?? null,
        authorName: entry.author ? (entry.author.username ?? entry.author.email ?? null) : null,
      },
    });
  },

  /** The latest public reply of each report (Open311's status_notes). */
  async latestReplies(reports: string[]): Promise<Map<string, string>> {
    if (reports.length === 0) return new Map();
    const rows = await strapi.db.query(UPDATE).findMany({
      where: { report: { $in: reports }, kind: 'reply', public: true },
      select: ['report', 'text', 'createdAt'],
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const latest = new Map<string, string>();
    for (const row of rows) if (!latest.has(row.report) && row.text) latest.set(row.report, row.text);
    return latest;
  },
}));
