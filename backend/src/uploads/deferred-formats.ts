import { createReadStream } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { boundedImageWork } from './image-work';
import { isInlineImage, type IncomingFile } from './file-rules';

const FILE = 'plugin::upload.file';

/** The upload plugin's resizing (image-manipulation), as this module uses it. */
export interface Resizer {
  isResizableImage(file: unknown): Promise<boolean>;
  generateThumbnail(file: any): Promise<any>;
  generateResponsiveFormats(file: any): Promise<({ key: string; file: any } | undefined)[]>;
}

/** What a stored format keeps (the plugin's own fields; no path on this machine, no stream). */
const storedFormat = (file: any) => ({
  name: file.name,
  hash: file.hash,
  ext: file.ext,
  mime: file.mime,
  path: file.path ?? null,
  width: file.width,
  height: file.height,
  size: file.size,
  sizeInBytes: file.sizeInBytes,
  url: file.url,
  ...(file.provider_metadata ? { provider_metadata: file.provider_metadata } : {}),
});

/**
 * Thumbnails and responsive sizes are made after the upload is answered, not during it: the request
 * stores the original (the plugin is told no image is resizable), a copy of each image is kept, and
 * the sizes are made in the bounded image queue (image-work.ts), then written to the file's `formats`.
 * Until then a picture shows at its own size (the SPA falls back on the original's URL).
 */
export function deferredFormats(strapi: Core.Strapi, resizerOf: () => Resizer) {
  /** Before the plugin runs (it deletes its temporary files): copies of the images among `files`. */
  async function keepCopies(files: IncomingFile[]): Promise<{ dir: string; copies: (string | undefined)[] } | undefined> {
    const images = files.map((file) => (isInlineImage(file.originalFilename ?? file.name ?? '') ? (file.filepath ?? file.path) : undefined));
    if (!images.some(Boolean)) return undefined;
    const dir = await mkdtemp(path.join(tmpdir(), 'backoffice-formats-'));
    const copies = await Promise.all(
      images.map(async (source, index) => {
        if (!source) return undefined;
        const copy = path.join(dir, String(index));
        await copyFile(source, copy);
        return copy;
      }),
    );
    return { dir, copies };
  }

  async function makeFormats(stored: any, copy: string, workDir: string) {
    const source = {
      name: stored.name,
      hash: stored.hash,
      ext: stored.ext,
      mime: stored.mime,
      path: stored.path ?? null,
      width: stored.width,
      height: stored.height,
      filepath: copy,
      tmpWorkingDirectory: workDir,
      getStream: () => createReadStream(copy),
    };
    const resizer = resizerOf();
    if (!(await resizer.isResizableImage(source))) return;
    const thumbnail = await resizer.generateThumbnail(source);
    const responsive = (await resizer.generateResponsiveFormats(source)) ?? [];
    const made = [...(thumbnail ? [{ key: 'thumbnail', file: thumbnail }] : []), ...responsive.filter((format) => format !== undefined)];
    if (made.length === 0) return;
    const provider = strapi.plugin('upload').service('provider');
    const formats: Record<string, unknown> = {};
    for (const { key, file } of made) {
      await provider.upload(file);
      formats[key] = storedFormat(file);
    }
    await strapi.db.query(FILE as any).update({ where: { id: stored.id }, data: { formats } });
  }

  /** After the plugin stored `stored` (in the order of `files`): their sizes, in the image queue, without waiting. */
  function schedule(stored: any[], kept: { dir: string; copies: (string | undefined)[] } | undefined) {
    if (!kept) return;
    const jobs = stored.map((file, index) => {
      const copy = kept.copies[index];
      if (!copy || !file?.id) return Promise.resolve();
      return boundedImageWork(() => makeFormats(file, copy, kept.dir)).catch((error) =>
        strapi.log.warn(`uploads: sizes of ${file.name} not made: ${(error as Error).message}`),
      );
    });
    void Promise.all(jobs).finally(() => rm(kept.dir, { recursive: true, force: true }));
  }

  return { keepCopies, schedule };
}
