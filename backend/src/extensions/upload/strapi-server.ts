import { errors } from '@strapi/utils';
import { currentSettings } from '../../utils/services';
import { currentRequest, writeAudit } from '../../audit/writer';
import { checkFile, checkImageDecodes, isImageDecodingError, type IncomingFile } from '../../uploads/file-rules';

const nameOf = (file: IncomingFile) => file.originalFilename ?? file.name ?? 'fichier';

type Factory = (deps: { strapi: any }) => Record<string, any>;

/**
 * The upload plugin, held to the settings where files are stored, whatever route or spelling led
 * there: every file is checked before anything is written (src/uploads/file-rules.ts), a stored
 * file's bytes are never replaced (its URL would show other content), and every upload and deletion
 * made through the API is written to the audit log. The upload route itself refuses replacing a
 * file and attaching one to a record (src/policies/upload-request.ts).
 */
export default (plugin: any) => {
  const upload: Factory = plugin.services.upload;
  plugin.services.upload = ({ strapi }: { strapi: any }) => {
    const base = upload({ strapi });
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
        let stored: { id?: number; name?: string }[];
        try {
          for (const file of files) await checkFile(file, settings);
          for (const file of files) await checkImageDecodes(file, images);
          try {
            stored = await base.upload(input, options);
          } catch (error) {
            if (!isImageDecodingError(error)) throw error;
            throw new errors.ValidationError(`Type de fichier non autorisé : ${files.map(nameOf).join(', ')} : image illisible`);
          }
        } catch (error) {
          if (error instanceof errors.ValidationError || error instanceof errors.PolicyError) await auditRefused(files, error.message);
          throw error;
        }
        await audit('create', stored);
        return stored;
      },
      async replace() {
        throw new errors.PolicyError('Un fichier enregistré ne se remplace pas : envoyez un nouveau fichier puis liez-le à la fiche.');
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
