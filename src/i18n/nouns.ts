import type { Noun } from '@mamoudzou/domain/resources';

/**
 * The standard texts of a resource's screens, made from its noun (its row's `noun`): the article, the
 * demonstrative and the agreement follow its gender and first letter, as react-admin's demo interpolates
 * its `'Catégorie |||| Catégories'`. A resource's messages.ts writes only the sentences that are its own.
 */

/** « signalements » → « Signalements »: a text's first letter as a capital. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** « point(s) d'intérêt », « entrée(s) »: the plural's s in parentheses where the plural adds one. */
function counted({ singular, plural }: Noun): string {
  let i = 0;
  while (i < singular.length && singular[i] === plural[i]) i += 1;
  return plural.slice(0, i) === singular.slice(0, i) && plural[i] === 's' && plural.slice(i + 1) === singular.slice(i) ? `${singular.slice(0, i)}(s)${singular.slice(i)}` : plural;
}

const startsWithVowel = (word: string) => /^[aeiouyàâäéèêëîïôöûùüœh]/i.test(word);

/** The noun's forms and the words that agree with it. */
export function nounForms(noun: Noun) {
  const feminine = noun.gender === 'f';
  const elided = noun.elision ?? startsWithVowel(noun.singular);
  const e = feminine ? 'e' : '';
  const short = noun.short;
  return {
    /** « l'entrée », « le point d'intérêt », « la notification » */
    the: elided ? `l'${noun.singular}` : `${feminine ? 'la' : 'le'} ${noun.singular}`,
    /** The capitalised subject: « L'entrée », « Le point d'intérêt » */
    The: capitalised(elided ? `l'${noun.singular}` : `${feminine ? 'la' : 'le'} ${noun.singular}`),
    /** « de l'entrée », « du point d'intérêt », « de la notification » */
    ofThe: elided ? `de l'${noun.singular}` : feminine ? `de la ${noun.singular}` : `du ${noun.singular}`,
    /** « cette entrée », « cet article », « ce point d'intérêt » */
    this: `${feminine ? 'cette' : elided ? 'cet' : 'ce'} ${noun.singular}`,
    /** « Nouvelle entrée », « Nouvel article », « Nouveau POI » */
    new: short ? `Nouveau ${short}` : `${feminine ? 'Nouvelle' : elided ? 'Nouvel' : 'Nouveau'} ${noun.singular}`,
    /** What the buttons name: « le POI », else the noun with its article. */
    button: short ? `le ${short}` : elided ? `l'${noun.singular}` : `${feminine ? 'la' : 'le'} ${noun.singular}`,
    /** « des points d'intérêt », « des entrées » */
    ofAll: `des ${noun.plural}`,
    /** « tous les articles », « toutes les entrées » */
    every: `${feminine ? 'toutes' : 'tous'} les ${noun.plural}`,
    counted: counted(noun),
    /** Agreement of a past participle: « créé », « créée » */
    e,
    /** « Aucun », « Aucune » */
    none: feminine ? 'Aucune' : 'Aucun',
    Singular: capitalised(noun.singular),
    Plural: capitalised(noun.plural),
  };
}

/** Every standard sentence of a resource's screens, for its noun. */
export function nounTexts(noun: Noun) {
  const n = nounForms(noun);
  const past = (verb: string) => `${verb}${n.e}`;
  return {
    count: `{n} ${n.counted} ${past('trouvé')}(s)`,
    loading: `Chargement ${n.ofAll}...`,
    loadingError: `Erreur lors du chargement ${n.ofAll}`,
    empty: `${n.none} ${noun.singular} ${past('trouvé')}`,
    listCaption: `Liste ${n.ofAll}`,
    selectAll: `Sélectionner ${n.every} de la page`,
    create: n.new,
    editTitle: `Modifier ${n.button}`,
    submitCreate: `Créer ${n.button}`,
    created: { title: `${n.Singular} ${past('créé')}`, message: `${n.The} a été ${past('créé')}.` },
    updated: { title: `${n.Singular} ${past('modifié')}`, message: 'Les modifications ont été enregistrées.' },
    createError: { title: 'Erreur', message: `Impossible de créer ${n.the}.` },
    updateError: { title: 'Erreur', message: `Impossible d'enregistrer ${n.the}.` },
    deleteConfirm: {
      title: `Supprimer ${n.the}`,
      message: `Êtes-vous sûr de vouloir supprimer ${n.this} ?`,
      bulkTitle: `Supprimer {n} ${n.counted}`,
      bulkMessage: `Êtes-vous sûr de vouloir supprimer {n} ${n.counted} ? Cette action est définitive.`,
    },
    deleted: { title: `${n.Singular} ${past('supprimé')}`, message: `${n.The} a été ${past('supprimé')}.`, bulkMessage: `{n} ${n.counted} ${past('supprimé')}(s).` },
    deleteError: { title: 'Erreur', message: `Impossible de supprimer ${n.the}.` },
    detailLoading: `Chargement ${n.ofThe}...`,
    detailLoadingError: `Erreur lors du chargement ${n.ofThe}`,
  };
}
