import type { Core } from '@strapi/strapi';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '@mamoudzou/domain/settings';

/** Image formats recognised by their first bytes; SVG is not accepted (it can carry scripts). */
const IMAGE_SIGNATURES: { mime: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);

async function firstBytes(filepath: string): Promise<Buffer> {
  const handle = await open(filepath, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 });

/**
 * POST /api/upload accepts images (checked by content, not by name) and the settings' other allowed
 * file types, each no larger than the settings' maxFileUploadSize.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: any, next: () => Promise<void>) => {
    if (ctx.method !== 'POST' || ctx.path !== '/api/upload') return next();
    const raw = ctx.request.files?.files;
    const files: any[] = Array.isArray(raw) ? raw : raw ? [raw] : [];
    if (files.length === 0) return next();

    const settings = (await strapi.db.query('api::setting.setting').findOne({})) ?? DEFAULT_SETTINGS;
    const maxMb = settings.maxFileUploadSize ?? DEFAULT_SETTINGS.maxFileUploadSize;
    const allowed = new Set<string>(((settings.allowedFileTypes ?? DEFAULT_SETTINGS.allowedFileTypes) as string[]).map((t) => t.toLowerCase()));

    for (const file of files) {
      const name: string = file.originalFilename ?? file.name ?? 'fichier';
      const size: number = file.size ?? 0;
      if (size > maxMb * 1024 * 1024) {
        return ctx.badRequest(`Fichier trop volumineux : ${name} (${megabytes(size)} Mo ; maximum ${maxMb} Mo)`);
      }
      const extension = path.extname(name).toLowerCase();
      const declaresImage = IMAGE_EXTENSIONS.has(extension) || String(file.mimetype ?? '').startsWith('image/');
      const bytes = await firstBytes(file.filepath ?? file.path);
      const image = IMAGE_SIGNATURES.find((s) => s.test(bytes));
      if (declaresImage && !image) {
        return ctx.badRequest(`Type de fichier non autorisé : ${name} n'est pas une image valide`);
      }
      if (!image && !allowed.has(extension)) {
        return ctx.badRequest(`Type de fichier non autorisé : ${name} (types acceptés : images, ${[...allowed].join(', ')})`);
      }
    }
    return next();
  };
