import { lazy, Suspense, useEffect, useState } from 'react';
import { FaultApiCalibration } from '../components/FaultApiCalibration';
import { HomePage } from '../components/HomePage';
import { checkHomeRows, failedHomeRows, homeSettled, initialHomeState, readBuiltHomeRows, type HomeState } from '../lib/homeCheck';
import { homeRows } from '../lib/homeWorker';
import { prewarmEpisodes } from '../lib/prewarm';
import { HOME_WORLDS } from '../workers/homeProtocol';

const UserGotchas = lazy(() => import('../components/gotchas/UserGotchas'));

/**
 * The build's rows at once (index.html carries them, already painted), then
 * each world checked against this browser's own computation as it arrives.
 * The computation was started by the entry before React loaded (or now, if the
 * app opened on another view): tripwire in a worker, the rest on the page.
 */
function useHomeState(): HomeState {
  const [built] = useState(() => readBuiltHomeRows(document));
  const [state, setState] = useState(() => initialHomeState(built));
  useEffect(() => {
    let live = true;
    const rows = homeRows();
    for (const w of HOME_WORLDS)
      rows[w].then(
        (value) => live && setState((s) => ({ ...s, [w]: checkHomeRows(built?.[w] ?? null, value) })),
        (e: unknown) => live && setState((s) => ({ ...s, [w]: failedHomeRows(built?.[w] ?? null, e instanceof Error ? e.message : String(e)) })),
      );
    return () => {
      live = false;
    };
  }, [built]);
  return state;
}

export function HomeView() {
  const state = useHomeState();
  const settled = homeSettled(state);
  useEffect(() => {
    if (settled) prewarmEpisodes();
  }, [settled]);
  return (
    <HomePage
      state={state}
      gotchas={
        settled ? (
          <Suspense fallback={<section className="panel muted">Loading your gotchas…</section>}>
            <UserGotchas />
          </Suspense>
        ) : null
      }
      calibration={settled ? <FaultApiCalibration seeds={60} /> : null}
    />
  );
}
