/** Possible duplicates of a report (the citizens' channel): what the backend answers and the screens show. */
import type { ReportStatus } from './vocabulary';

/** How far back a possible duplicate may have been filed. */
export const DUPLICATE_WINDOW_DAYS = 30;
/** The most possible duplicates one answer lists. */
export const NEARBY_LIMIT = 10;

export interface NearbyReport {
  documentId: string;
  reference: string | null;
  title: string;
  type: string;
  report_status: ReportStatus;
  address: string;
  createdAt: string;
  /** Metres from the report (or the point) asked about, rounded. */
  distance: number;
}

/** A citizen who hears of a report's progress although they did not file it (their own report was its duplicate). */
export interface ReportFollower {
  email: string;
  /** The report they filed, whose duplicate this one is. */
  from?: string | null;
  optOut?: boolean;
  /** They said « Je suis concerné aussi » on the citizens' page instead of filing a report. */
  concerned?: boolean;
}
