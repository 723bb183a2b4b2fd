import { fr } from '../i18n/fr';
import type { ResourceConfig, ResourceTexts } from './types';

export type Texts = Required<ResourceTexts>;

/** A resource's texts over the generic ones: what the config does not say, fr.generic says. */
export function textsOf(config: ResourceConfig): Texts {
  const g = fr.generic;
  const own = config.texts ?? {};
  return {
    subtitle: own.subtitle ?? '',
    count: own.count ?? g.count,
    loading: own.loading ?? g.loading,
    loadingError: own.loadingError ?? g.loadingError,
    empty: own.empty ?? g.empty,
    emptyHint: own.emptyHint ?? '',
    emptyFilteredHint: own.emptyFilteredHint ?? '',
    listCaption: own.listCaption ?? `${g.listCaption} : ${config.label}`,
    search: own.search ?? g.search,
    selectAll: own.selectAll ?? g.selectAll,
    create: own.create ?? g.create,
    editTitle: own.editTitle ?? g.editTitle,
    submitCreate: own.submitCreate ?? g.submitCreate,
    submitEdit: own.submitEdit ?? g.submitEdit,
    created: own.created ?? g.created,
    updated: own.updated ?? g.updated,
    createError: own.createError ?? g.createError,
    updateError: own.updateError ?? g.updateError,
    deleteConfirm: own.deleteConfirm ?? g.deleteConfirm,
    deleted: own.deleted ?? g.deleted,
    deleteError: own.deleteError ?? g.deleteError,
    detailLoading: own.detailLoading ?? g.detailLoading,
    detailLoadingError: own.detailLoadingError ?? g.detailLoadingError,
  };
}
