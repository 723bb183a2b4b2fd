import type { Core } from '@strapi/strapi';
import { slugify } from '@mamoudzou/domain/vocabulary';
import { heading, list, paragraph, type Block } from './blocks';
import { ARTICLES, type ArticleData } from './data/articles';
import { EVENTS } from './data/events';
import type { PictureLibrary } from './photos';
import { backdate } from './reports';

const ARTICLE_UID = 'api::article.article';
const EVENT_UID = 'api::event.event';
const DAY = 24 * 3600 * 1000;

/** Pictures shared by articles and events: one per theme. */
const CONTENT_PICTURES: Record<string, string> = {
  lagon: 'Le lagon de Mayotte vu du front de mer',
  soleil: 'Coucher de soleil sur le lagon',
  nature: 'Végétation et mangrove',
  ville: 'Rue du centre-ville de Mamoudzou',
  fete: 'Animation sur la place Mariage',
  sport: 'Terrain de sport municipal',
};

function picture(pictures: PictureLibrary, theme: string) {
  return pictures.get({ name: `illustration-${theme}`, theme, variant: Object.keys(CONTENT_PICTURES).indexOf(theme), alternativeText: CONTENT_PICTURES[theme] ?? theme });
}

export function articleBody(article: ArticleData): Block[] {
  return article.sections.flatMap((section) => [
    ...(section.heading ? [heading(section.heading)] : []),
    ...section.paragraphs.map((p) => paragraph(p)),
    ...(section.list ? [list(section.list, section.ordered)] : []),
  ]);
}

/** `days` days from `now`, at `hour` o'clock UTC (Mayotte is UTC+3). */
const dayAt = (now: Date, days: number, hour = 9) => {
  const date = new Date(now.getTime() + days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

export async function seedArticles(strapi: Core.Strapi, pictures: PictureLibrary): Promise<number> {
  if ((await strapi.db.query(ARTICLE_UID).count()) > 0) return 0;
  const now = new Date();
  for (const [index, article] of ARTICLES.entries()) {
    const date = dayAt(now, -article.daysAgo, 5 + (index % 6));
    const coverImage = article.cover ? await picture(pictures, article.cover) : undefined;
    const gallery: number[] = [];
    for (const theme of article.gallery ?? []) {
      const id = await picture(pictures, theme);
      if (id) gallery.push(id);
    }
    const created = await strapi.documents(ARTICLE_UID).create({
      data: {
        title: article.title,
        slug: slugify(article.title),
        summary: article.summary,
        body: articleBody(article),
        date: date.toISOString(),
        status: article.status,
        ...(coverImage ? { coverImage } : {}),
        ...(gallery.length ? { gallery } : {}),
      } as any,
    });
    // Written a day or two before its publication date, last touched on it.
    await backdate(strapi, ARTICLE_UID, created.id as number, new Date(date.getTime() - (1 + (index % 2)) * DAY), date);
  }
  return ARTICLES.length;
}

export async function seedEvents(strapi: Core.Strapi, pictures: PictureLibrary): Promise<number> {
  if ((await strapi.db.query(EVENT_UID).count()) > 0) return 0;
  const now = new Date();
  const slugs = new Set<string>();
  for (const event of EVENTS) {
    let slug = slugify(event.title);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(event.title)}-${n}`;
    slugs.add(slug);
    const image = event.picture ? await picture(pictures, event.picture) : undefined;
    const created = await strapi.documents(EVENT_UID).create({
      data: {
        title: event.title,
        slug,
        description: [paragraph(event.description)],
        date: dayAt(now, event.daysFromNow).toISOString().slice(0, 10),
        time: `${event.time}:00.000`,
        location: event.location,
        category: event.category,
        ...(image ? { image } : {}),
      } as any,
    });
    // Announced about three weeks ahead, and at least a day ago.
    const announced = new Date(now.getTime() + Math.min(event.daysFromNow - 21, -1 - (slugs.size % 5)) * DAY);
    await backdate(strapi, EVENT_UID, created.id as number, announced, announced);
  }
  return EVENTS.length;
}
