import { lazy } from 'react';
import { lazyWithPreload } from '../../common/lazyWithPreload';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import MonthIcon from '@mui/icons-material/DateRangeOutlined';
import PublishIcon from '@mui/icons-material/PublishOutlined';
import TotalIcon from '@mui/icons-material/EventNoteOutlined';
import UnpublishIcon from '@mui/icons-material/UnpublishedOutlined';
import UpcomingIcon from '@mui/icons-material/UpcomingOutlined';
import { CONTENT_STATUS_LABELS, slugify } from '@mamoudzou/domain/vocabulary';
import { messages as l } from './messages';
import { townMonthDays, townToday } from '../../i18n/dates';
import { defineResource } from '../../generic/defineResource';
import { ARTICLE_STATUS_TONES } from '../tones';
import { EVENT_CATEGORY_TONES } from './categories';
import { eventExportColumns } from './eventExport';
import entry from './entry';

// The resource's own pieces (named slots), each loaded with what shows it.
const EventDetailBody = lazyWithPreload(() => import('./EventDetailBody'));
const EventPreview = lazy(() => import('./EventPreview'));
const EventCalendar = lazy(() => import('./EventCalendar'));

/** Events (/api/events): the generic screen with a calendar beside the list, a detail body and a live preview in the form. */
export const evenements = defineResource(entry, {
  texts: l.texts,
  labels: l.fields,
  errors: l.form.errors,
  fields: {
    title: {
      formLabel: l.form.titleLabel,
      // A draft says so under its title.
      caption: (r) => (r.status === 'draft' ? l.draft : ''),
      reads: ['title', 'status'],
    },
    slug: { derivedFrom: { source: 'title', derive: slugify, switchLabel: l.form.autoSlug } },
    description: { required: true, placeholder: l.form.descriptionPlaceholder },
    // A calendar date and a wall-clock time of the town: never shifted by a time zone.
    date: { defaultValue: () => townToday() },
    time: { required: true },
    location: {},
    // No category chosen for the agent: the form asks for one.
    category: { tones: EVENT_CATEGORY_TONES, defaultValue: undefined },
    image: { picker: { add: l.form.addImage, help: l.form.imageHelp, remove: l.form.removeImage, rejected: l.form.notImages } },
    status: { choiceLabels: CONTENT_STATUS_LABELS, tones: ARTICLE_STATUS_TONES },
    createdAt: { type: 'datetime', readOnly: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['title', 'category', 'date', 'time', 'location', 'image'],
    sort: { field: 'date', order: 'DESC' },
    label: l.views.list,
    tabsLabel: l.views.label,
    views: [{ id: 'calendrier', label: l.views.calendar, icon: CalendarIcon, component: EventCalendar }],
  },
  filters: [{ source: 'q' }, { source: 'category', allLabel: l.allCategories }],
  summary: {
    // The number of categories in use cannot be a count of records: the backend's stats route says it.
    stats: '/api/events/stats',
    cards: [
      { id: 'total', label: l.cards.total, icon: TotalIcon, count: {} },
      { id: 'categories', label: l.cards.categories, icon: CategoryIcon, value: (stats) => Number(stats.categories ?? 0) },
      { id: 'upcoming', label: l.cards.upcoming, icon: UpcomingIcon, count: () => ({ date_gte: townToday() }) },
      { id: 'withImages', label: l.cards.withImages, icon: ImageIcon, count: { 'image.id_notnull': true } },
      {
        id: 'thisMonth',
        label: l.cards.thisMonth,
        icon: MonthIcon,
        count: () => {
          const { first, last } = townMonthDays();
          return { date_gte: first, date_lte: last };
        },
      },
    ],
  },
  actions: {
    row: ['show', 'edit', 'delete'],
    bulk: ['publish', 'unpublish', 'delete'],
    detail: ['edit', 'publish', 'unpublish', 'delete'],
    custom: [
      { id: 'publish', label: l.publish.label, icon: PublishIcon, access: 'publish', update: { status: 'published' }, messages: l.publish, visible: (record) => record.status === 'draft' || record.status === 'archived' },
      { id: 'unpublish', label: l.unpublish.label, icon: UnpublishIcon, access: 'publish', update: { status: 'draft' }, messages: l.unpublish, visible: (record) => record.status === 'published' },
    ],
  },
  detail: { body: EventDetailBody, maxWidth: 'md' },
  form: {
    sections: [
      { title: l.form.general, fields: ['title', 'slug', 'description'] },
      { title: l.form.when, fields: ['date', 'time', 'location', 'category'] },
      { title: l.form.picture, fields: ['image'] },
    ],
    preview: EventPreview,
    maxWidth: 'lg',
  },
  exportColumns: eventExportColumns,
});

export default evenements;
