import { factories } from '@strapi/strapi';
import { PUBLIC_KINDS, type ReportUpdateKind } from '@mamoudzou/domain/timeline';

const UPDATE = 'api::report-update.report-update';
const REPORT = 'api::report.report';

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
  /** A public line is news for the report's citizen and followers (through the report's service: a collection imports no other's files). */
  async announce(line: { report: string; kind: string; public: boolean; text?: string | null; statusAfter?: string | null }) {
    if (line.public) await (strapi.service(REPORT as any) as unknown as { tellCitizens(id: string, news: typeof line): Promise<void> }).tellCitizens(line.report, line);
  },

  /** Writes one line of a report's timeline (the backend's own lines and staff's). */
  async record(entry: TimelineEntry) {
    const line = await strapi.db.query(UPDATE).create({
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
    await this.announce(line);
    return line;
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
