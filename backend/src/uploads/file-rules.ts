import { open } from 'node:fs/promises';
import path from 'node:path';
import { errors } from '@strapi/utils';
import { IMAGE_FILE_TYPES, type Settings, type UploadableFileType } from '@mamoudzou/domain/settings';
import { coded } from '@mamoudzou/domain/errors';

const bytes = (...values: number[]) => Buffer.from(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const startsWith = (head: Buffer, prefix: Buffer | string) => head.subarray(0, prefix.length).equals(Buffer.isBuffer(prefix) ? prefix : Buffer.from(prefix, 'latin1'));

/**
 * Each type a file may be: its MIME type (stored with the file, and what it is served as) and the
 * first bytes its content must start with. Office formats are ZIP (docx, xlsx, odt, ods) or OLE (doc,
 * xls) containers. Nothing else is ever stored: no .html, .svg, .js, .xml...
 */
const FILE_TYPES: Record<UploadableFileType, { mime: string; matches: (head: Buffer) => boolean }> = {
  '.png': { mime: 'image/png', matches: (h) => startsWith(h, PNG) },
  '.jpg': { mime: 'image/jpeg', matches: (h) => startsWith(h, JPEG) },
  '.jpeg': { mime: 'image/jpeg', matches: (h) => startsWith(h, JPEG) },
  '.gif': { mime: 'image/gif', matches: (h) => startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a') },
  '.webp': { mime: 'image/webp', matches: (h) => startsWith(h, 'RIFF') && h.subarray(8, 12).toString('latin1') === 'WEBP' },
  '.pdf': { mime: 'application/pdf', matches: (h) => startsWith(h, '%PDF-') },
  '.doc': { mime: 'application/msword', matches: (h) => startsWith(h, OLE) },
  '.xls': { mime: 'application/vnd.ms-excel', matches: (h) => startsWith(h, OLE) },
  '.docx': { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: (h) => startsWith(h, ZIP) },
  '.xlsx': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: (h) => startsWith(h, ZIP) },
  '.odt': { mime: 'application/vnd.oasis.opendocument.text', matches: (h) => startsWith(h, ZIP) },
  '.ods': { mime: 'application/vnd.oasis.opendocument.spreadsheet', matches: (h) => startsWith(h, ZIP) },
};
const IMAGES = new Set<string>(IMAGE_FILE_TYPES);

/** Images of these types are served inline; every other stored file is a download. */
export const isInlineImage = (fileName: string) => IMAGES.has(path.extname(fileName).toLowerCase());

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

const megabytes = (size: number) => (size / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 });

/** A file as the upload plugin receives it (formidable's fields). */
export interface IncomingFile {
  originalFilename?: string | null;
  name?: string;
  filepath?: string;
  path?: string;
  mimetype?: string | null;
  size?: number;
  detectedMimeType?: string;
}

/**
 * The upload rules, applied where files are stored (the upload service) whatever the route: no
 * larger than the settings' maxFileUploadSize; a type the settings allow (Paramétrages shows what is
 * accepted, images included: nothing more), whose content is what its extension says. The file's MIME type becomes the one of
 * its extension, so that what is stored and served is what was checked.
 */
export async function checkFile(file: IncomingFile, settings: Pick<Settings, 'maxFileUploadSize' | 'allowedFileTypes'>): Promise<void> {
  const name = file.originalFilename ?? file.name ?? 'fichier';
  const size = file.size ?? 0;
  if (size > settings.maxFileUploadSize * 1024 * 1024) {
    throw new errors.ValidationError(`Fichier trop volumineux : ${name} (${megabytes(size)} Mo ; maximum ${settings.maxFileUploadSize} Mo)`, coded('file_refused'));
  }
  const extension = path.extname(name).toLowerCase();
  const allowed = new Set<string>(settings.allowedFileTypes);
  const type = Object.hasOwn(FILE_TYPES, extension) && allowed.has(extension) ? FILE_TYPES[extension as UploadableFileType] : undefined;
  if (!type) {
    throw new errors.ValidationError(`Type de fichier non autorisé : ${name} (types acceptés : ${[...allowed].join(', ')})`, coded('file_refused'));
  }
  const filepath = file.filepath ?? file.path;
  const head = filepath ? await firstBytes(filepath) : Buffer.alloc(0);
  if (!type.matches(head)) {
    throw new errors.ValidationError(
      IMAGES.has(extension)
        ? `Type de fichier non autorisé : ${name} n'est pas une image valide`
        : `Type de fichier non autorisé : ${name} n'est pas un fichier ${extension} valide`,
      coded('file_refused'),
    );
  }
  file.mimetype = type.mime;
  file.detectedMimeType = type.mime;
}

/** The upload plugin's image checks (sharp): what it reads and whether it decodes whole. */
export interface ImageInspector {
  isImage(file: { filepath: string }): Promise<boolean>;
  isFaultyImage(file: { filepath: string }): Promise<boolean>;
}

/**
 * An image must decode whole before it is stored: a file with a PNG or JPEG signature and damaged
 * content would otherwise fail later, in resizing, as a bare 500.
 */
export async function checkImageDecodes(file: IncomingFile, images: ImageInspector): Promise<void> {
  const name = file.originalFilename ?? file.name ?? 'fichier';
  const filepath = file.filepath ?? file.path;
  if (!filepath || !isInlineImage(name)) return;
  const probe = { filepath };
  if (!(await images.isImage(probe)) || (await images.isFaultyImage(probe))) {
    throw new errors.ValidationError(`Type de fichier non autorisé : ${name} n'est pas une image valide`, coded('file_refused'));
  }
}

/** An error of the image library (sharp, libvips) while the plugin reads or resizes an image. */
export const isImageDecodingError = (error: unknown) =>
  error instanceof Error && /vips|sharp|input (file|buffer)|unsupported image|corrupt|truncated|not a valid image|premature end|pngload|jpegload|gifload|webpload/i.test(error.message);
