import { lazyWithPreload } from '../../common/lazyWithPreload';
import CollectionsIcon from '@mui/icons-material/CollectionsOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import MonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import PublishIcon from '@mui/icons-material/PublishOutlined';
import TotalIcon from '@mui/icons-material/ArticleOutlined';
import UnpublishIcon from '@mui/icons-material/UnpublishedOutlined';
import { ARTICLE_STATUS_LABELS, slugify } from '@mamoudzou/domain/vocabulary';
import { messages as l } from './messages';
import { fromTownInput, townMonthRange, townNowInput } from '../../i18n/dates';
import { defineResource } from '../../generic/defineResource';
import { ARTICLE_STATUS_TONES } from '../tones';
import { articleExportColumns } from './articleExport';
import entry from './entry';

// The detail's body, loaded with the dialog that shows it.
const ArticleDetailBody = lazyWithPreload(() => import('./ArticleDetailBody'));

/** News articles (/api/articles): the generic screen, a detail body of its own, publishing as two update actions. */
export const actualites = defineResource(entry, {
  recordLabel: 'Actualité',
  texts: l.texts,
  labels: l.fields,
  errors: l.form.errors,
  fields: {
    title: {},
    slug: { derivedFrom: { source: 'title', derive: slugify, switchLabel: l.form.autoSlug } },
    summary: { counter: 500, fullWidth: true },
    body: { placeholder: l.form.bodyPlaceholder },
    // Now, to the minute, in the town's time zone.
    date: { defaultValue: () => fromTownInput(townNowInput()) },
    status: { choiceLabels: ARTICLE_STATUS_LABELS, tones: ARTICLE_STATUS_TONES },
    coverImage: {
      label: l.fields.image,
      formLabel: l.fields.coverImage,
      picker: { add: l.form.addCover, help: l.form.coverHelp, remove: l.form.removeCover, rejected: l.form.notImages },
    },
    gallery: { picker: { add: l.form.addGallery, help: l.form.galleryHelp, remove: l.form.removeGalleryImage, rejected: l.form.notImages } },
    publishedOn: {},
    createdAt: { type: 'datetime', readOnly: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
  list: { columns: ['title', 'slug', 'date', 'coverImage', 'status'], sort: { field: 'date', order: 'DESC' } },
  filters: [{ source: 'q' }, { source: 'status' }],
  summary: {
    cards: [
      { id: 'total', label: l.cards.total, icon: TotalIcon, count: {} },
      { id: 'withImages', label: l.cards.withImages, icon: ImageIcon, count: { 'coverImage.id_notnull': true } },
      { id: 'withGallery', label: l.cards.withGallery, icon: CollectionsIcon, count: { 'gallery.id_notnull': true } },
      {
        id: 'thisMonth',
        label: l.cards.thisMonth,
        icon: MonthIcon,
        // The town's month (Indian/Mayotte), whatever the browser's zone.
        count: () => {
          const { from, to } = townMonthRange();
          return { date_gte: from, date_lt: to };
        },
      },
    ],
  },
  actions: {
    row: ['show', 'edit', 'delete'],
    bulk: ['publish', 'unpublish', 'delete'],
    detail: ['edit', 'publish', 'unpublish', 'delete'],
    custom: [
      {
        id: 'publish',
        label: l.publish.label,
        icon: PublishIcon,
        access: 'publish',
        update: { status: 'published' },
        messages: l.publish,
        visible: (record) => record.status !== 'published',
      },
      {
        id: 'unpublish',
        label: l.unpublish.label,
        icon: UnpublishIcon,
        access: 'publish',
        update: { status: 'draft' },
        messages: l.unpublish,
        visible: (record) => record.status === 'published',
      },
    ],
  },
  detail: { body: ArticleDetailBody, maxWidth: 'md' },
  form: {
    sections: [
      { title: l.form.content, fields: ['title', 'slug', 'summary', 'body'] },
      { title: l.form.publication, fields: ['date'] },
      { title: l.form.images, fields: ['coverImage', 'gallery'] },
    ],
    maxWidth: 'md',
  },
  exportColumns: articleExportColumns,
});

export default actualites;
