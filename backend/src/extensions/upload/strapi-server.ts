import { errors } from '@strapi/utils';
import { currentSettings } from '../../utils/services';
import { currentRequest, writeAudit } from '../../audit/writer';
import { rm } from 'node:fs/promises';
import { checkFile, checkImageDecodes, isImageDecodingError, type IncomingFile } from '../../uploads/file-rules';
import { deferredFormats } from '../../uploads/deferred-formats';
import { boundedImageWork } from '../../uploads/image-work';
import { reserveUploads } from '../../uploads/upload-limits';
import { coded } from '@mamoudzou/domain/errors';

const nameOf = (file: IncomingFile) => file.originalFilename ?? file.name ?? 'fichier';

type Factory = (deps: { strapi: any }) => Record<string, any>;
const factoryOf = (value: Factory | Record<string, any>): Factory => (typeof value === 'function' ? (value as Factory) : () => value);

/**
 * The upload plugin, held to the settings where files are stored, whatever route or spelling led
 * there: every file is checked before anything is written (src/uploads/file-rules.ts), a stored
 * file's bytes are never replaced (its URL would show other content), and every upload and deletion
 * made through the API is written to the audit log. The upload route itself refuses replacing a
 * file and attaching one to a record (src/policies/upload-request.ts).
 */
export default (plugin: any) => {
  // Decoding and optimising wait their turn in the bounded image queue; resizing happens after the
  // answer (deferred-formats.ts), so the plugin is told that no image is to be resized in the request.
  const manipulation = factoryOf(plugin.services['image-manipulation']);
  plugin.services['image-manipulation'] = (deps: { strapi: any }) => {
    const base = manipulation(deps);
    // The upload rules decode each image whole before the plugin does the same: the plugin gets the
    // verdict already reached for that temporary file instead of decoding it a second time.
    const verdicts = new Map<string, Promise<boolean>>();
    const isFaultyImage = (file: { filepath?: string }) => {
      const key = file?.filepath;
      const known = key ? verdicts.get(key) : undefined;
      if (known) {
        verdicts.delete(key!);
        return known;
      }
      const verdict = boundedImageWork<boolean>(() => base.isFaultyImage(file));
      if (key) {
        verdicts.set(key, verdict);
        setTimeout(() => verdicts.delete(key), 60_000).unref();
      }
      return verdict;
    };
    return {
      ...base,
      isFaultyImage,
      optimize: (file: unknown) => boundedImageWork(() => base.optimize(file)),
      isResizableImage: async () => false,
      resizer: { isResizableImage: base.isResizableImage, generateThumbnail: base.generateThumbnail, generateResponsiveFormats: base.generateResponsiveFormats },
    };
  };

  // Uploads arriving together on a fresh base each created the « API Uploads » folder: all but one
  // failed on its unique path with a 500. One creation at a time; the others wait for it.
  const apiUploadFolder = factoryOf(plugin.services['api-upload-folder']);
  plugin.services['api-upload-folder'] = (deps: { strapi: any }) => {
    const base = apiUploadFolder(deps);
    let pending: Promise<unknown> | undefined;
    return {
      ...base,
      getAPIUploadFolder: () => (pending ??= base.getAPIUploadFolder().finally(() => (pending = undefined))),
    };
  };

  const upload: Factory = plugin.services.upload;
  plugin.services.upload = ({ strapi }: { strapi: any }) => {
    const base = upload({ strapi });
    const formats = deferredFormats(strapi, () => strapi.plugin('upload').service('image-manipulation').resizer);
    const audit = async (action: 'create' | 'delete', files: { id?: number; name?: string }[]) => {
      const request = currentRequest(strapi);
      if (!request?.user) return;
      for (const file of files) {
        await writeAudit(strapi, { action, module: 'medias', resourceType: 'file', resourceId: file.id, resourceLabel: file.name, user: request.user, ip: request.ip });
      }
    };
    /** A refused upload is recorded too: who tried to store what, and why it was turned away. */
    const auditRefused = async (files: IncomingFile[], reason: string) => {
      const request = currentRequest(strapi);
      if (!request?.user) return;
      for (const file of files) {
        await writeAudit(strapi, {
          action: 'upload_refused',
          module: 'medias',
          resourceType: 'file',
          resourceLabel: `${nameOf(file)} — ${reason}`.slice(0, 255),
          user: request.user,
          ip: request.ip,
        });
      }
    };
    return {
      ...base,
      async upload(input: { data: unknown; files: IncomingFile | IncomingFile[] }, options?: unknown) {
        const settings = await currentSettings(strapi);
        const files = Array.isArray(input.files) ? input.files : [input.files];
        const images = strapi.plugin('upload').service('image-manipulation');
        const userId = currentRequest(strapi)?.user?.id;
        let release = () => {};
        let kept: Awaited<ReturnType<typeof formats.keepCopies>>;
        let stored: { id?: number; name?: string }[];
        try {
          try {
            // Per person (the backend's own uploads, such as the demo pictures, have none).
            if (userId) release = await reserveUploads(strapi, userId, files, settings);
            for (const file of files) await checkFile(file, settings);
            for (const file of files) await checkImageDecodes(file, images);
            kept = await formats.keepCopies(files);
            try {
              stored = await base.upload(input, options);
            } catch (error) {
              if (kept) await rm(kept.dir, { recursive: true, force: true });
              if (!isImageDecodingError(error)) throw error;
              // The same words as the check before it: sharp's verdict on a truncated file can come only here.
              throw new errors.ValidationError(`Type de fichier non autorisé : ${files.map(nameOf).join(', ')} n'est pas une image valide`, coded('file_refused'));
            }
          } catch (error) {
            if (error instanceof errors.ValidationError || error instanceof errors.PolicyError || error instanceof errors.RateLimitError) {
              await auditRefused(files, error.message);
            }
            throw error;
          }
          await audit('create', stored);
        } finally {
          release();
        }
        formats.schedule(stored, kept);
        return stored;
      },
      async replace() {
        throw new errors.PolicyError('Un fichier enregistré ne se remplace pas : envoyez un nouveau fichier puis liez-le à la fiche.', coded('not_allowed'));
      },
      async remove(file: { id?: number; name?: string }) {
        const removed = await base.remove(file);
        await audit('delete', [file]);
        return removed;
      },
    };
  };

  const routes = plugin.routes['content-api'];
  routes.routes = routes.routes.map((route: { handler: string; config?: { policies?: unknown[] } }) =>
    route.handler === 'content-api.upload'
      ? { ...route, config: { ...route.config, policies: [...(route.config?.policies ?? []), 'global::upload-request'] } }
      : route,
  );
  return plugin;
};
