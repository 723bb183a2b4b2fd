import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { request } from 'node:http';
import { XMLParser } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
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
  /** The answer's headers (Idempotent-Replayed, Retry-After...). */
  headers: Headers;
  type: string;
  text: string;
  json?: any;
  xml?: any;
}

/**
 * One request as an outside client sends it. `params` as a list of pairs sends a field more than once, as a form
 * may; `from` sends it from another local address (127.0.0.2, ...), as another client elsewhere would; `headers`
 * adds request headers (Idempotency-Key...).
 */
export async function open311(
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string> | [string, string][] = {},
  base = backendUrl(),
  { from, headers: extra = {} }: { from?: string; headers?: Record<string, string> } = {},
): Promise<Open311Answer> {
  const url = new URL(`/open311/v2/${path}`, base);
  const pairs = Array.isArray(params) ? params : Object.entries(params);
  let body: string | undefined;
  if (method === 'GET') for (const [key, value] of pairs) url.searchParams.append(key, value);
  else body = new URLSearchParams(pairs).toString();
  const headers: Record<string, string> = { ...extra, ...(body !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) };
  const { status, headers: answered, text } = await new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, localAddress: from }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
  const type = String(answered['content-type'] ?? '');
  const asHeaders = new Headers();
  for (const [name, value] of Object.entries(answered)) for (const one of [value ?? []].flat()) asHeaders.append(name, one);
  return {
    status,
    headers: asHeaders,
    type,
    text,
    json: type.includes('json') ? JSON.parse(text) : undefined,
    xml: type.includes('xml') ? xml.parse(text) : undefined,
  };
}

/** XML 1.0 as a strict parser reads it (saxes): well-formed, with only the characters XML allows. */
export function expectWellFormedXml(text: string) {
  const errors: string[] = [];
  const parser = new SaxesParser();
  parser.on('error', (error) => errors.push(error.message));
  parser.write(text).close();
  expect(errors, text.slice(0, 500)).toEqual([]);
}

/** The same answer in JSON and in XML: the XML holds the JSON's values, as text, under GeoReport v2's element names. */
export function expectSameInXml(json: unknown, xmlValue: unknown) {
  const asText = (value: unknown): unknown => {
    if (value === null || value === undefined) return '';
    if (Array.isArray(value)) return value.map(asText);
    if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, asText(v)]));
    return String(value);
  };
  expect(xmlValue).toEqual(asText(json));
}
