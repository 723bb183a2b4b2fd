import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
// sharp (libvips), the upload plugin's own image library, in its npm package with prebuilt binaries.
import sharp from 'sharp';
import { boundedImageWork } from '../uploads/image-work';

/** A photo sent with a request, as the body parser (formidable) keeps it. */
export interface SentFile {
  filepath?: string;
  path?: string;
  originalFilename?: string | null;
  name?: string;
  size?: number;
}

/** A photo once checked and made anew: only its pixels, turned upright, no metadata. */
export interface CleanPhoto {
  filepath: string;
  originalFilename: string;
  mimetype: 'image/jpeg';
  size: number;
  /** SHA-256 of the bytes sent: a retried request is the same request only with the same photos. */
  sentHash: string;
}

export class MediaRefusal extends Error {}

/** The longest side a stored photo keeps: the phone already sends smaller ones; anything larger is cut down. */
const MAX_SIDE = 2048;
/** Decoding a photo of more pixels than this is refused (a decompression bomb). */
const MAX_PIXELS = 50_000_000;

/** The `media` files of a multipart request, one or several. */
export function sentMedia(files: Record<string, unknown> | undefined): SentFile[] {
  const media = files?.media;
  if (!media) return [];
  return (Array.isArray(media) ? media : [media]) as SentFile[];
}

/**
 * Photos a citizen sends: at most `max`, each within `maxBytes`, each an image that decodes whole (its content
 * says so, not its name), then encoded anew as a JPEG turned upright by its EXIF orientation. The new file holds
 * no metadata at all (sharp keeps none unless asked): neither the EXIF position nor the device, its owner or the
 * date, before anyone, staff included, sees it. Answers the clean files and a function that removes them.
 */
export async function cleanPhotos(files: SentFile[], limits: { max: number; maxBytes: number }): Promise<{ photos: CleanPhoto[]; dispose: () => Promise<void> }> {
  if (files.length === 0) return { photos: [], dispose: async () => undefined };
  if (files.length > limits.max) throw new MediaRefusal(limits.max === 0 ? 'media : la mairie ne reçoit pas de photo par ce canal' : `media : au plus ${limits.max} photo${limits.max > 1 ? 's' : ''}`);
  const megabytes = Math.round((limits.maxBytes / 1024 / 1024) * 10) / 10;
  for (const file of files) {
    if ((file.size ?? 0) > limits.maxBytes) throw new MediaRefusal(`media : photo trop lourde (au plus ${megabytes.toLocaleString('fr-FR')} Mo)`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'open311-media-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const photos: CleanPhoto[] = [];
    for (const [index, file] of files.entries()) {
      const source = file.filepath ?? file.path;
      if (!source) throw new MediaRefusal('media : fichier vide');
      const bytes = await readFile(source);
      const target = path.join(dir, `photo-${index + 1}.jpg`);
      await boundedImageWork(async () => {
        try {
          await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS })
            .rotate()
            .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 82 })
            .toFile(target);
        } catch {
          throw new MediaRefusal(`media : ${file.originalFilename ?? file.name ?? 'le fichier'} n'est pas une image lisible (JPEG, PNG, WebP ou GIF)`);
        }
      });
      photos.push({
        filepath: target,
        originalFilename: `photo-${index + 1}.jpg`,
        mimetype: 'image/jpeg',
        size: (await stat(target)).size,
        sentHash: createHash('sha256').update(bytes).digest('hex'),
      });
    }
    return { photos, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Stores clean photos through the upload plugin (its rules and audit apply); answers the stored files. */
export async function storePhotos(strapi: Core.Strapi, photos: CleanPhoto[]): Promise<{ id: number; url: string }[]> {
  if (photos.length === 0) return [];
  const stored = await strapi.plugin('upload').service('upload').upload({
    data: { fileInfo: {} },
    files: photos.map((photo) => ({ filepath: photo.filepath, originalFilename: photo.originalFilename, mimetype: photo.mimetype, size: photo.size })),
  });
  return stored as { id: number; url: string }[];
}

/** Photos stored for a request that was then refused: their files go too (their rows went with the transaction). */
export async function forgetPhotos(strapi: Core.Strapi, stored: { id: number; url: string }[]) {
  for (const file of stored) {
    try {
      await strapi.plugin('upload').provider.delete(file);
    } catch {
      /* already gone */
    }
  }
}
