import { CITIZEN_API_PREFIX, type CitizenForm, type CitizenNearby, type CitizenReportPage, type RepairAnswer } from '@mamoudzou/domain/citizen-page';
import { t } from './messages';

/** The backend's address (VITE_API_URL, as the back-office's). */
const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {};
export const API_URL = (env.VITE_API_URL || 'http://localhost:1337').replace(/\/+$/, '');
const base = `${API_URL}${CITIZEN_API_PREFIX}`;

/** The backend said no (an answer, not a lost connection): its French words and status. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter?: number,
    /** The refusal's code (the answer's X-Error-Code), when the backend gives one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The connection failed (offline, cut, no answer): worth trying again later. */
export class Unreachable extends Error {}

async function answer<T>(response: Response): Promise<T> {
  const body = await response.json().catch(() => null);
  if (response.ok) return body as T;
  const message = Array.isArray(body) && typeof body[0]?.description === 'string' ? body[0].description : t.error;
  const retry = Number(response.headers.get('Retry-After'));
  throw new Refused(response.status, message, Number.isFinite(retry) && retry > 0 ? retry : undefined, response.headers.get('X-Error-Code') ?? undefined);
}

async function send(path: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(`${base}${path}`, init);
  } catch {
    throw new Unreachable();
  }
}

const FORM_KEY = 'signaler.formulaire';

/** The form's settings and a fresh ticket; offline, the last ones this phone kept. */
export async function loadForm(): Promise<{ form: CitizenForm; receivedAt: number; cached: boolean }> {
  try {
    const form = await answer<CitizenForm>(await send('form.json'));
    try {
      localStorage.setItem(FORM_KEY, JSON.stringify(form));
    } catch {
      /* storage full or refused: the next offline visit has no form */
    }
    return { form, receivedAt: Date.now(), cached: false };
  } catch (error) {
    const kept = (() => {
      try {
        return JSON.parse(localStorage.getItem(FORM_KEY) ?? 'null') as CitizenForm | null;
      } catch {
        return null;
      }
    })();
    if (error instanceof Unreachable && kept) return { form: kept, receivedAt: 0, cached: true };
    throw error;
  }
}

export const freshTicket = async () => (await answer<CitizenForm>(await send('form.json'))).ticket;

export async function nearby(serviceCode: string, lat: number, long: number): Promise<CitizenNearby[]> {
  const query = new URLSearchParams({ service_code: serviceCode, lat: String(lat), long: String(long) });
  return answer<CitizenNearby[]>(await send(`nearby.json?${query}`));
}

/** Files a report (multipart: its fields and photos), once whatever the retries: the same key, the same report. */
export async function fileReport(fields: Record<string, string>, photos: Blob[], idempotencyKey: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  photos.forEach((photo, index) => body.append('media', photo, `photo-${index + 1}.jpg`));
  const [filed] = await answer<{ service_request_id: string; service_notice: string }[]>(await send('requests.json', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }));
  return filed;
}

export async function follow(reference: string, email: string, ticket: string, honeypot: string) {
  const body = new URLSearchParams({ email, ticket, site_web: honeypot });
  return answer<{ service_request_id: string; following: boolean; message: string }>(await send(`requests/${encodeURIComponent(reference)}/followers.json`, { method: 'POST', body }));
}

export async function reportPage(reference: string) {
  return answer<CitizenReportPage>(await send(`requests/${encodeURIComponent(reference)}.json`));
}

export async function answerRepair(token: string, answer_: RepairAnswer) {
  const body = new URLSearchParams({ jeton: token, reponse: answer_ });
  return answer<{ message: string; reopened: boolean }>(await send('repair-answers.json', { method: 'POST', body }));
}
