import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { canPublish, isAuthor, ownDraftsOnly } from '@mamoudzou/domain/permissions';
import { DEFAULT_SETTINGS } from '@mamoudzou/domain/settings';
import { currentRequest } from '../audit/writer';
import { previousRow } from '../documents/previous';
import { coded } from '@mamoudzou/domain/errors';

const ARTICLE = 'api::article.article';
const EVENT = 'api::event.event';
const SETTING = 'api::setting.setting';

/** The setting that puts each content type under approval, and the French refusal. */
const APPROVAL: Record<string, { setting: 'articleApprovalRequired' | 'eventApprovalRequired'; refusal: string; publishedRefusal: string; ownDrafts: string }> = {
  [ARTICLE]: {
    setting: 'articleApprovalRequired',
    refusal: "L'approbation des articles est requise : seul un éditeur ou un administrateur peut publier un article.",
    publishedRefusal:
      "L'approbation des articles est requise : un article publié ne peut être modifié que par un éditeur ou un administrateur. Demandez-leur la modification.",
    ownDrafts: 'Un auteur ne modifie et ne supprime que ses propres brouillons : cet article est celui de quelqu’un d’autre, ou il est publié.',
  },
  [EVENT]: {
    setting: 'eventApprovalRequired',
    refusal: "L'approbation des événements est requise : seul un éditeur ou un administrateur peut publier un événement.",
    publishedRefusal:
      "L'approbation des événements est requise : un événement publié ne peut être modifié que par un éditeur ou un administrateur. Demandez-leur la modification.",
    ownDrafts: 'Un auteur ne modifie et ne supprime que ses propres brouillons : cet événement est celui de quelqu’un d’autre, ou il est publié.',
  },
};

async function approvalRequired(strapi: Core.Strapi, setting: keyof typeof DEFAULT_SETTINGS): Promise<boolean> {
  const settings = (await strapi.documents(SETTING).findFirst()) as Record<string, unknown> | null;
  const value = settings?.[setting];
  return typeof value === 'boolean' ? value : Boolean(DEFAULT_SETTINGS[setting]);
}

/**
 * Publishing rules of articles and events (document-service middleware):
 * - under articleApprovalRequired / eventApprovalRequired, an API caller who is not an Editor or an
 *   administrator creates drafts only, and publishing (status → published) is refused with a 403 and
 *   a French message; a published record is changed by them no more (403 too: the change would go
 *   out unapproved); the backend's own writes (seed) are not concerned;
 * - an Auteur changes and deletes only their own drafts (authorId: the account that created it, set here);
 * - an article's publishedOn is the backend's: stamped when it becomes published, cleared when it
 *   stops being so (Strapi's publishedAt, without draft and publish, is only the last write's time).
 */
export function registerPublishingRules(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    const rule = APPROVAL[context.uid];
    if (!rule || (context.action !== 'create' && context.action !== 'update' && context.action !== 'delete')) return next();
    const user = currentRequest(strapi)?.user;
    const creating = context.action === 'create';
    const previous = creating ? null : await previousRow(strapi, context);
    // An Auteur changes and deletes only their own records (domain/permissions.ts, the rule the screens read); what
    // is published under approval stays as approved (below, and a deletion here).
    if (user && previous && ownDraftsOnly(user.role, 'contenus')) {
      if (!isAuthor(previous, user.id)) throw new errors.PolicyError(rule.ownDrafts, coded('not_allowed'));
      if (context.action === 'delete' && previous.status === 'published' && (await approvalRequired(strapi, rule.setting))) throw new errors.PolicyError(rule.publishedRefusal, coded('not_allowed'));
    }
    if (context.action === 'delete') return next();
    const params = (context as any).params ?? {};
    const data = params.data as Record<string, unknown> | undefined;
    if (!data) return next();
    delete data.publishedOn;
    // Who wrote it is the backend's to say: the account that creates it.
    delete data.authorId;
    if (creating && user) data.authorId = user.id;
    const wasPublished = previous?.status === 'published';

    if (user && (await approvalRequired(strapi, rule.setting)) && !canPublish(user.role, 'contenus', true)) {
      // A PolicyError: Strapi answers any other ForbiddenError with a bare "Forbidden".
      if (data.status === 'published' && !wasPublished) throw new errors.PolicyError(rule.refusal, coded('not_allowed'));
      // What is published was approved: changing it (or withdrawing it) would bypass the approval.
      if (wasPublished) throw new errors.PolicyError(rule.publishedRefusal, coded('not_allowed'));
      // An Author's new record is a draft whatever the content type's default.
      if (creating) data.status = 'draft';
    }

    if (context.uid === ARTICLE) {
      const status = data.status ?? (creating ? 'draft' : previous?.status);
      if (status === 'published' && (creating || !wasPublished)) data.publishedOn = new Date();
      else if (status !== 'published') data.publishedOn = null;
    }
    return next();
  });
}
