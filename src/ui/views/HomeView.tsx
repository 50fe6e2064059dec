import { lazy, Suspense, useEffect } from 'react';
import { useStore } from 'zustand';
import { FaultApiCalibration } from '../components/FaultApiCalibration';
import { HomePage } from '../components/HomePage';
import { homeSettled } from '../lib/homeCheck';
import { homeStore } from '../lib/homeStore';
import { prewarmEpisodes } from '../lib/prewarm';

const UserGotchas = lazy(() => import('../components/gotchas/UserGotchas'));

/**
 * The home page: the build's rows (index.html carries them, already painted),
 * each table checked against this browser's own computation as it arrives
 * (lib/homeStore, started by the entry before React loaded).
 */
export default function HomeView() {
  const state = useStore(homeStore());
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
