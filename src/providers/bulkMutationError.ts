import { HttpError, type Identifier } from 'ra-core';

/** One record of a bulk call that failed, with the error its request raised. */
export interface BulkFailure {
  id: Identifier;
  error: unknown;
}

/**
 * The rejection of updateMany / deleteMany when some requests failed: every request was still
 * attempted, so the UI can say which records changed (`succeeded`) and which did not (`failed`).
 * An HttpError so react-admin treats it as any other failed call; status and body are the first
 * failure's.
 */
export class BulkMutationError extends HttpError {
  readonly succeeded: Identifier[];
  readonly failed: BulkFailure[];

  constructor(succeeded: Identifier[], failed: BulkFailure[]) {
    const first = failed[0]?.error as { status?: unknown; body?: unknown; message?: unknown } | undefined;
    const status = typeof first?.status === 'number' ? first.status : 0;
    const firstMessage = typeof first?.message === 'string' && first.message ? first.message : String(first ?? 'Error');
    const total = succeeded.length + failed.length;
    super(`${firstMessage} (${failed.length}/${total} failed)`, status, first?.body ?? null);
    // HttpError's constructor pins its own prototype; restore the subclass's so instanceof works.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'BulkMutationError';
    this.succeeded = succeeded;
    this.failed = failed;
  }
}
