import { createRequire } from 'node:module';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The citizens' page's routes (/open311/page/…) as the page calls them: JSON reads, form or multipart posts (photos
 * as `media` files), from a chosen local address (127.0.0.x: another visitor), with chosen headers.
 */
export interface PageAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: any;
}

export interface PagePhoto {
  name: string;
  type: string;
  bytes: Buffer;
}

function multipart(fields: Record<string, string>, photos: PagePhoto[]) {
  const boundary = `----citizen${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const photo of photos) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="${photo.name}"\r\nContent-Type: ${photo.type}\r\n\r\n`), photo.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

export async function pageCall(
  base: string,
  method: 'GET' | 'POST',
  route: string,
  { fields = {}, photos = [], from, headers = {} }: { fields?: Record<string, string>; photos?: PagePhoto[]; from?: string; headers?: Record<string, string> } = {},
): Promise<PageAnswer> {
  const url = new URL(`/open311/page/${route}`, base);
  let body: Buffer | undefined;
  const sent: Record<string, string> = { ...headers };
  if (method === 'GET') for (const [key, value] of Object.entries(fields)) url.searchParams.append(key, value);
  else if (photos.length) {
    const encoded = multipart(fields, photos);
    body = encoded.body;
    sent['Content-Type'] = encoded.type;
  } else {
    body = Buffer.from(new URLSearchParams(fields).toString());
    sent['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers: sent, localAddress: from }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, json: text ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const backendRequire = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend', 'package.json'));

/** A phone's photo: a JPEG carrying EXIF with the place it was taken (GPS) and the device and owner. */
export async function photoWithPosition(): Promise<Buffer> {
  const sharp = backendRequire('sharp');
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'FabricantTel', Model: 'Téléphone 12', Artist: 'Fatima Ali' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '12/1 46/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '45/1 13/1 4800/100' },
    })
    .toBuffer();
}
