import type { Core } from '@strapi/strapi';

/** Whether the backend runs on PostgreSQL (else SQLite, the embedded default). */
export const onPostgres = (strapi: Core.Strapi): boolean => strapi.db.dialect.client === 'postgres';
