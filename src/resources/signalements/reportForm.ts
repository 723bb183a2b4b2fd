import { z } from 'zod';
import { REPORT_PRIORITIES, REPORT_TYPES, REPORT_TYPE_VALUES, ZONES } from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';

const e = fr.resources.signalements.form.errors;

/** The new-report form's values (specification section 3): numbers typed as text, photo files beside. */
export interface ReportFormValues {
  title: string;
  description: string;
  type: string;
  subType: string;
  priority: string;
  zone: string;
  address: string;
  latitude: string;
  longitude: string;
  citizenName: string;
  citizenEmail: string;
  citizenPhone: string;
}

export const emptyReportForm = (): ReportFormValues => ({
  title: '',
  description: '',
  type: '',
  subType: '',
  priority: 'normale',
  zone: '',
  address: '',
  latitude: '',
  longitude: '',
  citizenName: '',
  citizenEmail: '',
  citizenPhone: '',
});

export const subTypesOf = (type: string): string[] => REPORT_TYPES.find((t) => t.value === type)?.subTypes ?? [];

const coordinate = (min: number, max: number, message: string) =>
  z.string().refine((v) => v.trim() === '' || (Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max), message);

export const reportFormSchema = z.object({
  title: z.string().trim().min(1, e.title).max(200, e.titleTooLong),
  description: z.string().trim().min(1, e.description),
  type: z.string().refine((v) => REPORT_TYPE_VALUES.includes(v), e.type),
  subType: z.string(),
  priority: z.string().refine((v) => (REPORT_PRIORITIES as readonly string[]).includes(v), e.priority),
  zone: z.string().refine((v) => (ZONES as readonly string[]).includes(v), e.zone),
  address: z.string().trim().min(1, e.address),
  latitude: coordinate(-90, 90, e.latitude),
  longitude: coordinate(-180, 180, e.longitude),
  citizenName: z.string(),
  citizenEmail: z.string().refine((v) => v.trim() === '' || z.email().safeParse(v.trim()).success, e.email),
  citizenPhone: z.string(),
});

export type ReportFormErrors = Partial<Record<keyof ReportFormValues, string>>;

export function validateReportForm(values: ReportFormValues): ReportFormErrors {
  const result = reportFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: ReportFormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof ReportFormValues;
    errors[key] ??= issue.message;
  }
  return errors;
}

const text = (v: string) => v.trim();
const optional = (v: string, editing: boolean) => (v.trim() === '' ? (editing ? null : undefined) : v.trim());
const number = (v: string, editing: boolean) => (v.trim() === '' ? (editing ? null : undefined) : Number(v));

/** The body sent to /api/reports: numbers as numbers, empty optional values omitted on create and cleared on edit. */
export function reportPayload(values: ReportFormValues, editing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: text(values.title),
    description: text(values.description),
    type: values.type,
    subType: optional(values.subType, editing),
    priority: values.priority,
    zone: values.zone,
    address: text(values.address),
    latitude: number(values.latitude, editing),
    longitude: number(values.longitude, editing),
    citizenName: optional(values.citizenName, editing),
    citizenEmail: optional(values.citizenEmail, editing),
    citizenPhone: optional(values.citizenPhone, editing),
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

/** A report read from the server as form values (for "Modifier"). */
export function formValuesOf(record: Record<string, unknown>): ReportFormValues {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    title: s(record.title),
    description: s(record.description),
    type: s(record.type),
    subType: s(record.subType),
    priority: s(record.priority) || 'normale',
    zone: s(record.zone),
    address: s(record.address),
    latitude: s(record.latitude),
    longitude: s(record.longitude),
    citizenName: s(record.citizenName),
    citizenEmail: s(record.citizenEmail),
    citizenPhone: s(record.citizenPhone),
  };
}
