import { lazy, Suspense, useEffect } from 'react';
import { useStore } from 'zustand';
import { WorldCalibration } from '../components/calibration/WorldCalibration';
import { HomePage } from '../components/HomePage';
import { usePaintedThen } from '../lib/afterPaint';
import { homeSettled } from '../lib/home/check';
import { homeStore } from '../lib/home/store';
import { prewarmEpisodes } from '../lib/prewarm';
import { EpisodeView } from './lazyViews';

const UserGotchas = lazy(() => import('../components/gotchas/UserGotchas'));

/**
 * The home page: the build's rows (index.html carries them, already painted),
 * each table checked against this browser's own computation as it arrives
 * (lib/home/store, started by the entry before React loaded). What comes once
 * every table is verified (the gotchas, the calibrations) mounts after the frame
 * that shows the last table verified: mounting it is more work than that note.
 */
export default function HomeView() {
  const state = useStore(homeStore());
  const settled = usePaintedThen(homeSettled(state));
  useEffect(() => {
    if (settled) prewarmEpisodes(EpisodeView.preload);
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
      calibration={settled ? (world) => <WorldCalibration world={world} /> : null}
    />
  );
}
