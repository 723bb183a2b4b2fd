import type { Core } from '@strapi/strapi';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drawPicture, type Theme } from './pictures';

const FILE_UID = 'plugin::upload.file';

/** Picture themes: one per report type, and a few for articles and events. */
export const THEMES: Record<string, Theme> = {
  'Éclairage public': { sky: [24, 32, 72], ground: [70, 70, 78], accent: [250, 214, 90], motif: 'posts' },
  Voirie: { sky: [150, 200, 235], ground: [90, 90, 95], accent: [240, 240, 240], motif: 'stripes' },
  Propreté: { sky: [160, 205, 230], ground: [130, 110, 80], accent: [70, 140, 70], motif: 'dots' },
  Réseau: { sky: [140, 190, 225], ground: [110, 95, 80], accent: [40, 110, 200], motif: 'grid' },
  'Espaces verts': { sky: [150, 210, 240], ground: [70, 130, 60], accent: [30, 95, 40], motif: 'leaves' },
  'Mobilier urbain': { sky: [170, 210, 235], ground: [150, 140, 120], accent: [180, 60, 40], motif: 'grid' },
  Signalisation: { sky: [155, 200, 230], ground: [85, 85, 90], accent: [220, 40, 40], motif: 'stripes' },
  Autres: { sky: [170, 200, 220], ground: [120, 120, 110], accent: [200, 120, 40], motif: 'dots' },
  lagon: { sky: [120, 200, 240], ground: [40, 140, 170], accent: [255, 255, 255], motif: 'waves' },
  soleil: { sky: [250, 170, 90], ground: [40, 110, 150], accent: [255, 230, 120], motif: 'sun' },
  nature: { sky: [140, 205, 235], ground: [60, 120, 55], accent: [25, 85, 35], motif: 'leaves' },
  ville: { sky: [160, 205, 235], ground: [140, 130, 120], accent: [230, 230, 230], motif: 'grid' },
  fete: { sky: [120, 60, 140], ground: [60, 40, 90], accent: [255, 200, 60], motif: 'dots' },
  sport: { sky: [140, 200, 240], ground: [60, 150, 70], accent: [250, 250, 250], motif: 'stripes' },
};

export interface PictureRequest {
  /** File name without extension, unique per picture: the library reuses a file of that name. */
  name: string;
  theme: keyof typeof THEMES | string;
  variant: number;
  alternativeText: string;
  caption?: string;
}

/**
 * Generates demo pictures on demand and uploads them through the upload plugin. A picture already in
 * the media library (same name) is reused, so a partial re-seed uploads nothing twice.
 */
export function createPictureLibrary(strapi: Core.Strapi) {
  const cache = new Map<string, number>();
  let workDir: string | undefined;

  async function get(request: PictureRequest): Promise<number | undefined> {
    const fileName = `${request.name}.png`;
    const cached = cache.get(fileName);
    if (cached) return cached;
    const existing = await strapi.db.query(FILE_UID).findOne({ where: { name: fileName }, select: ['id'] });
    if (existing) {
      cache.set(fileName, existing.id);
      return existing.id;
    }
    try {
      workDir ??= await mkdtemp(path.join(tmpdir(), 'mamoudzou-seed-'));
      const filepath = path.join(workDir, fileName);
      const png = drawPicture(THEMES[request.theme] ?? THEMES.Autres, request.variant);
      await writeFile(filepath, png);
      const [file] = await strapi
        .plugin('upload')
        .service('upload')
        .upload({
          data: { fileInfo: { name: fileName, alternativeText: request.alternativeText, caption: request.caption ?? request.alternativeText } },
          files: { filepath, originalFilename: fileName, mimetype: 'image/png', size: png.length },
        });
      cache.set(fileName, file.id);
      return file.id;
    } catch (error) {
      // A demo picture is a nicety: without it the record is still seeded.
      strapi.log.warn(`[seed] image ${fileName} non créée : ${(error as Error).message}`);
      return undefined;
    }
  }

  async function dispose() {
    if (workDir) await rm(workDir, { recursive: true, force: true });
    workDir = undefined;
  }

  return { get, dispose };
}

export type PictureLibrary = ReturnType<typeof createPictureLibrary>;
