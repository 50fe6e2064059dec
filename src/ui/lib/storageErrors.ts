/**
 * What can go wrong with the browser's storage, typed so the UI can say it
 * plainly: storage that is not there (or never answers) keeps a run in this
 * tab only; a write refused because another tab owns the run is not a fault
 * of the storage at all.
 */

/** IndexedDB is missing, refused, or did not open in time: nothing can be saved for now. */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
}

/** A write to a run that another tab has taken over since: refused, nothing written. */
export class StaleWriteError extends Error {
  override readonly name = 'StaleWriteError';
  constructor(
    readonly runId: string,
    /** How many steps the copy that won holds. */
    readonly savedSteps: number,
  ) {
    super(`another tab has saved ${savedSteps} step${savedSteps === 1 ? '' : 's'} of this run since`);
  }
}

/** "QuotaExceededError: The quota has been exceeded." — a DOMException's name says more than its message. */
export function describeStorageError(e: unknown): string {
  if (e instanceof StorageUnavailableError || e instanceof StaleWriteError) return e.message;
  if (e instanceof Error) return e.name && e.name !== 'Error' && !e.message.includes(e.name) ? `${e.name}: ${e.message}` : e.message;
  if (typeof e === 'object' && e !== null && 'name' in e && 'message' in e) return `${String(e.name)}: ${String(e.message)}`;
  return String(e);
}
