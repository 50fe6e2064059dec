import { useEffect, useState } from 'react';
import { loadSaved } from './library';

/** Reads the runs saved in this browser into the library when a view opens; `ready` once read (or failed). */
export function useSavedRuns(): { ready: boolean; error: string | null } {
  const [state, setState] = useState<{ ready: boolean; error: string | null }>({ ready: false, error: null });
  useEffect(() => {
    let live = true;
    loadSaved().then(
      () => live && setState({ ready: true, error: null }),
      (e: unknown) => live && setState({ ready: true, error: `Could not read the traces saved in this browser: ${e instanceof Error ? e.message : String(e)}` }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
