import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import { backendUrl } from '../support/api';

/**
 * An outside Open311 client: plain HTTP, form-encoded posts, answers read in JSON and in XML, each
 * JSON answer validated against the GeoReport v2 schemas (schemas.ts) with ajv.
 */

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);

export function expectValid(schema: object, value: unknown, what = 'answer') {
  const validate = ajv.compile(schema);
  const ok = validate(value);
  expect(ok, `${what}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 500)}`).toBe(true);
}

/** The list elements of each answer, so that one item still reads as a list. */
const LIST_TAGS = new Set(['service', 'request', 'error', 'attribute', 'value', 'endpoint', 'format']);
const xml = new XMLParser({ ignoreDeclaration: true, parseTagValue: false, isArray: (name) => LIST_TAGS.has(name) });

export interface Open311Answer {
  status: number;
  /** The answer's headers (Idempotent-Replayed...). */
  headers: Headers;
  type: string;
  text: string;
  json?: any;
  xml?: any;
}

export async function open311(method: 'GET' | 'POST', path: string, params: Record<string, string> = {}, base = backendUrl(), headers: Record<string, string> = {}): Promise<Open311Answer> {
  const url = new URL(`/open311/v2/${path}`, base);
  let body: string | undefined;
  if (method === 'GET') for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  else body = new URLSearchParams(params).toString();
  const res = await fetch(url, { method, body, headers: { ...headers, ...(body !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) } });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    headers: res.headers,
    type,
    text,
    json: type.includes('json') ? JSON.parse(text) : undefined,
    xml: type.includes('xml') ? xml.parse(text) : undefined,
  };
}

/** The same answer in JSON and in XML: the XML holds the JSON's values, as text, under the specification's element names. */
export function expectSameInXml(json: unknown, xmlValue: unknown) {
  const asText = (value: unknown): unknown => {
    if (value === null || value === undefined) return '';
    if (Array.isArray(value)) return value.map(asText);
    if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, asText(v)]));
    return String(value);
  };
  expect(xmlValue).toEqual(asText(json));
}
