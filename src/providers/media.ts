/**
 * Media values in any shape the backend may give them: a string path or URL, an
 * object with url, a v4-style `attributes.url` (also under `data`), or only formats large / medium /
 * small. Relative URLs are prefixed with the backend's address.
 */

export interface Media {
  id?: number | string;
  url: string;
  name?: string;
  mime?: string;
  alternativeText?: string | null;
  width?: number | null;
  height?: number | null;
  formats?: Record<string, { url: string }>;
}

type Loose = Record<string, unknown> | null | undefined;

export function absoluteUrl(url: string, baseUrl: string): string {
  if (!url) return url;
  if (/^(https?:|data:|blob:)/i.test(url) || url.startsWith('//')) return url;
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

function rawUrlOf(value: unknown): string | undefined {
  if (!value) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.url === 'string' && v.url) return v.url;
  const attributes = v.attributes as Loose;
  if (attributes && typeof attributes.url === 'string') return attributes.url;
  const data = v.data as Loose;
  if (data && !Array.isArray(data)) return rawUrlOf(data);
  const formats = (v.formats ?? (attributes?.formats as Loose)) as Record<string, { url?: string }> | undefined;
  if (formats) {
    for (const size of ['large', 'medium', 'small', 'thumbnail']) {
      const url = formats[size]?.url;
      if (url) return url;
    }
  }
  return undefined;
}

/** The absolute URL of a media value of any known shape, or undefined. */
export function mediaUrl(value: unknown, baseUrl: string): string | undefined {
  const url = rawUrlOf(value);
  return url ? absoluteUrl(url, baseUrl) : undefined;
}

/** True for what looks like an uploaded file as Strapi returns it. */
export function isMediaObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.url === 'string' && ('mime' in v || 'hash' in v || 'formats' in v || 'ext' in v)) ||
    (!!v.attributes && typeof (v.attributes as Record<string, unknown>).url === 'string')
  );
}

/** One media value normalised to {id, url (absolute), ...}; formats' URLs made absolute too. */
export function normaliseMedia(value: unknown, baseUrl: string): Media | null {
  if (value === null || value === undefined) return null;
  const url = mediaUrl(value, baseUrl);
  if (!url) return null;
  if (typeof value === 'string') return { url };
  const v = value as Record<string, unknown>;
  const attributes = (v.attributes as Record<string, unknown>) ?? (v.data as Record<string, unknown>)?.attributes ?? {};
  const source = { ...(attributes as object), ...v } as Record<string, unknown>;
  const formats = source.formats as Record<string, { url: string }> | undefined;
  return {
    ...(source as object),
    id: (source.id as number | undefined) ?? ((v.data as Loose)?.id as number | undefined),
    url,
    ...(formats
      ? {
          formats: Object.fromEntries(
            Object.entries(formats).map(([size, f]) => [size, { ...f, url: absoluteUrl(f.url, baseUrl) }]),
          ),
        }
      : {}),
  } as Media;
}

/** A media field (single or multiple, v4 `{data: [...]}` included) normalised. */
export function normaliseMediaField(value: unknown, baseUrl: string): Media | Media[] | null {
  if (Array.isArray(value)) return value.map((item) => normaliseMedia(item, baseUrl)).filter((m): m is Media => !!m);
  if (value && typeof value === 'object' && Array.isArray((value as Record<string, unknown>).data)) {
    return normaliseMediaField((value as Record<string, unknown>).data, baseUrl);
  }
  return normaliseMedia(value, baseUrl);
}
