import { HttpError } from 'ra-core';
import { UPLOAD_FAILED } from '../common/serverErrors';
import type { FetchLike } from './http';
import { parseBody } from './http';

/**
 * File values in a create or update body are uploaded first (POST /api/upload, multipart field
 * `files`, no JSON content type) and replaced by the ids the backend gives them.
 */

/** react-admin's FileInput gives {rawFile, src, title}; tests and custom forms may give a File. */
export function rawFileOf(value: unknown): File | undefined {
  if (typeof File !== 'undefined' && value instanceof File) return value;
  if (value && typeof value === 'object' && 'rawFile' in value) {
    const raw = (value as { rawFile: unknown }).rawFile;
    if (typeof File !== 'undefined' && raw instanceof File) return raw;
  }
  return undefined;
}

export function hasNewFile(value: unknown): boolean {
  return Array.isArray(value) ? value.some((v) => !!rawFileOf(v)) : !!rawFileOf(value);
}

export interface UploadedFile {
  id: number;
  url: string;
  [key: string]: unknown;
}

export interface UploadOptions {
  apiUrl: string;
  fetch: FetchLike;
  token: string | null;
  signal?: AbortSignal;
}

/** A refused upload: "Upload failed: {status} {statusText}", with the backend's answer and the code the screens say it by. */
const uploadFailed = (status: number, statusText: string, body: unknown) =>
  Object.assign(new HttpError(`Upload failed: ${status} ${statusText}`.trim(), status, body), { code: UPLOAD_FAILED });

/** Uploads files in one multipart request; failure raises "Upload failed: {status} {statusText}". */
export async function uploadFiles(files: File[], options: UploadOptions): Promise<UploadedFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await options.fetch(`${options.apiUrl.replace(/\/+$/, '')}/api/upload`, {
    method: 'POST',
    headers,
    body: form,
    signal: options.signal,
  });
  const rawText = await response.text();
  if (!response.ok) throw uploadFailed(response.status, response.statusText, parseBody(rawText));
  const body = parseBody(rawText);
  if (!Array.isArray(body)) throw uploadFailed(response.status, response.statusText, body);
  return body as UploadedFile[];
}

/** The id a media value stands for in a payload: a number, an uploaded file's id, or null. */
function mediaIdOf(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'object' && 'id' in (value as object)) return (value as { id: unknown }).id;
  return null;
}

/**
 * Replaces every File value of `data` (single or in a list, mixed with files already uploaded)
 * by uploaded ids. Fields of `mediaFields` that hold uploaded files already are replaced by their
 * ids.
 */
export async function uploadFileFields(data: Record<string, unknown>, options: UploadOptions & { mediaFields?: string[] }): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = { ...data };
  const fields = new Set([...(options.mediaFields ?? []), ...Object.keys(data).filter((k) => hasNewFile(data[k]))]);
  for (const field of fields) {
    if (!(field in data)) continue;
    const value = data[field];
    if (Array.isArray(value)) {
      const files = value.map(rawFileOf).filter((f): f is File => !!f);
      const uploaded = files.length ? await uploadFiles(files, options) : [];
      let next = 0;
      result[field] = value
        .map((item) => (rawFileOf(item) ? uploaded[next++]?.id : mediaIdOf(item)))
        .filter((id) => id !== null && id !== undefined);
    } else {
      const file = rawFileOf(value);
      if (file) {
        const [uploaded] = await uploadFiles([file], options);
        result[field] = uploaded?.id ?? null;
      } else {
        result[field] = mediaIdOf(value);
      }
    }
  }
  return result;
}
