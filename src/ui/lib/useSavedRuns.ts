import { loadSaved } from './library';
import { describeStorageError } from './storageErrors';
import { useAsync } from './useAsync';

const readSaved = () =>
  loadSaved().catch((e: unknown) => {
    throw new Error(`Could not read the traces saved in this browser: ${describeStorageError(e)}`, { cause: e });
  });

/**
 * Reads the runs saved in this browser into the library when a view opens; `ready` once read (or failed).
 * `again`: read again whenever it changes (the trace view asks for an id it does not know yet: a run saved
 * since it opened, a fork it just made).
 */
export function useSavedRuns(again: string | null = null): { ready: boolean; error: string | null } {
  const state = useAsync(readSaved, [again]);
  return { ready: state.status !== 'loading', error: state.status === 'error' ? state.message : null };
}
