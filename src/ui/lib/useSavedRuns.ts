import { loadSaved } from './library';
import { describeStorageError } from './storageErrors';
import { useAsync } from './useAsync';

const readSaved = () =>
  loadSaved().catch((e: unknown) => {
    throw new Error(`Could not read the traces saved in this browser: ${describeStorageError(e)}`, { cause: e });
  });

/** Reads the runs saved in this browser into the library when a view opens; `ready` once read (or failed). */
export function useSavedRuns(): { ready: boolean; error: string | null } {
  const state = useAsync(readSaved, []);
  return { ready: state.status !== 'loading', error: state.status === 'error' ? state.message : null };
}
