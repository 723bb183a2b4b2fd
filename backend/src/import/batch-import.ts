import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { coded, type FieldErrorItem } from '@mamoudzou/domain/errors';
import { fieldCode } from '../validation/framework-errors';

/**
 * CSV imports (POI, directory): the SPA reads and checks the file, then sends the rows in batches
 * of at most MAX_IMPORT_ROWS to POST /api/{collection}/import. A batch is all or nothing: every
 * row is validated and created inside one transaction (audit entries included); if any row is
 * refused, the transaction is rolled back, nothing of the batch is stored, and the answer names
 * each refused row (its index in the batch, the fields at fault and Strapi's message) so that the
 * SPA can report them and send the other rows again.
 */

export const MAX_IMPORT_ROWS = 500;

export interface RowError {
  /** Index of the row in the batch (0-based). */
  row: number;
  message: string;
  /** Each field at fault, with the refusal's code (domain/errors.ts): the SPA says it in French by it. */
  errors: FieldErrorItem[];
}

/** The controller's own input checks (unknown or private keys refused, then sanitised), as for a single create. */
export interface InputChecks {
  validateInput: (data: unknown, ctx: unknown) => Promise<void>;
  sanitizeInput: (data: unknown, ctx: unknown) => Promise<unknown>;
}

class BatchRefused extends Error {}

/** One field's refusal: its own code (the backend's French words), else the code of Strapi's words. */
const itemOf = (path: unknown[], message: string, code: unknown): FieldErrorItem =>
  code === 'invalid_value' ? { path: path.map(String), message, code } : { path: path.map(String), message, ...fieldCode(message) };

function rowErrorOf(row: number, error: any): RowError {
  const details = error?.details?.errors as { path?: unknown[]; message?: string; code?: unknown }[] | undefined;
  const own = error?.details?.code === 'invalid_value' ? 'invalid_value' : undefined;
  const list = Array.isArray(details) && details.length
    ? details.map((d) => itemOf(d.path ?? [], String(d.message ?? error.message), d.code ?? own))
    : [itemOf(error?.details?.path ?? [], String(error?.message ?? 'invalid'), own)];
  return { row, message: String(error?.message ?? 'invalid'), errors: list };
}

const isValidation = (error: any) => error?.name === 'ValidationError' || error instanceof errors.ValidationError;

/** Creates every row of the batch or none of them; answers how many were created, or throws a ValidationError naming the refused rows. */
export async function importBatch(strapi: Core.Strapi, uid: string, body: unknown, checks: InputChecks, ctx: unknown): Promise<{ created: number; ids: string[] }> {
  const rows = (body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(rows) || rows.length === 0) throw new errors.ValidationError('Aucune ligne à importer : "data" doit être une liste de lignes', coded('invalid_request'));
  if (rows.length > MAX_IMPORT_ROWS) throw new errors.ValidationError(`Au plus ${MAX_IMPORT_ROWS} lignes par lot (${rows.length} reçues)`, coded('invalid_request'));

  const refused: RowError[] = [];
  const ids: string[] = [];
  try {
    await strapi.db.transaction(async () => {
      for (const [index, row] of rows.entries()) {
        if (!row || typeof row !== 'object' || Array.isArray(row)) {
          refused.push({ row: index, message: 'Ligne invalide', errors: [{ path: [], message: 'Ligne invalide', code: 'invalid_value' }] });
          continue;
        }
        try {
          await checks.validateInput(row, ctx);
          const data = (await checks.sanitizeInput(row, ctx)) as Record<string, unknown>;
          const created: any = await strapi.documents(uid as any).create({ data: data as any });
          ids.push(created.documentId);
        } catch (error) {
          // Only a refused row is reported; a database failure ends the batch (and its transaction) at once.
          if (!isValidation(error)) throw error;
          refused.push(rowErrorOf(index, error));
        }
      }
      if (refused.length) throw new BatchRefused();
    });
  } catch (error) {
    if (!(error instanceof BatchRefused)) throw error;
    throw new errors.ValidationError(`${refused.length} ligne(s) refusée(s) : rien de ce lot n'a été enregistré`, coded('import_refused', { rows: refused }));
  }
  return { created: ids.length, ids };
}
