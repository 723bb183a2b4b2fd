import { XMLBuilder } from 'fast-xml-parser';

/**
 * GeoReport v2 answers in the format the address names (`services.xml`, `services.json`). Each
 * answer is written once as data; XML wraps lists in GeoReport v2's element names.
 */
export type Format = 'json' | 'xml';

// fast-xml-parser: a well-kept, dependency-free builder (and the parser the tests read XML with).
const builder = new XMLBuilder({ format: false, suppressEmptyNode: false, processEntities: true, suppressBooleanAttributes: false });

/** A list answer: `[ {...}, ... ]` in JSON; `<root><item>...</item>...</root>` in XML. */
export interface ListAnswer {
  kind: 'list';
  root: string;
  item: string;
  items: Record<string, unknown>[];
}
/** An object answer: itself in JSON; `<root>...</root>` in XML (nested lists as `{ [wrapper]: { [item]: [...] } }`). */
export interface ObjectAnswer {
  kind: 'object';
  root: string;
  value: Record<string, unknown>;
  /** XML only: how the object's arrays are written (`attributes` → `<attributes><attribute>`). */
  xmlLists?: Record<string, string>;
}
export type Answer = ListAnswer | ObjectAnswer;

/**
 * The characters XML 1.0 cannot hold, not even escaped: the C0 controls but tab and line breaks, lone surrogates,
 * U+FFFE and U+FFFF. Input refuses them, but a database may hold older or imported texts: they are dropped, so
 * that one text never makes the whole answer unreadable for every client.
 */
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** XML has no null: an absent value is an empty element. */
function forXml(value: unknown, lists: Record<string, string> = {}): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(NOT_XML, '');
  if (Array.isArray(value)) return value.map((item) => forXml(item, lists));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) =>
        Array.isArray(inner) && lists[key] ? [key, { [lists[key]]: forXml(inner, lists) }] : [key, forXml(inner, lists)],
      ),
    );
  }
  return value;
}

export function render(answer: Answer, format: Format): { type: string; body: string } {
  if (format === 'json') {
    return { type: 'application/json; charset=utf-8', body: JSON.stringify(answer.kind === 'list' ? answer.items : answer.value) };
  }
  const inner = answer.kind === 'list' ? { [answer.item]: forXml(answer.items) } : forXml(answer.value, answer.xmlLists);
  return { type: 'text/xml; charset=utf-8', body: `<?xml version="1.0" encoding="utf-8"?>${builder.build({ [answer.root]: inner })}` };
}

/** An error as GeoReport v2 writes them: `[{code, description}]`, `<errors><error>`. */
export function errorAnswer(code: number, description: string): ListAnswer {
  return { kind: 'list', root: 'errors', item: 'error', items: [{ code, description }] };
}
