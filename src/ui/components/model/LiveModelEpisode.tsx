import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Result } from '../../../core/result';
import { modelHref, type ModelRoute } from '../../lib/model/route';
import type { ResolvedSettings } from '../../lib/model/settings';
import { navigate } from '../../lib/navigate';
import type { Connection, ModelDriver } from '../../live/modelDriver';
import type { LoadedWorld } from '../../worlds/types';
import { EpisodeBody } from '../episode/EpisodeBody';
import { DriverLog } from './DriverLog';
import { ModelToolbar } from './ModelToolbar';

export interface LiveModelEpisodeProps {
  kit: LoadedWorld;
  driver: ModelDriver;
  route: ModelRoute;
  resolved: Result<ResolvedSettings>;
  header: ReactNode;
  onNew(): void;
}

const connectionOf = (r: ResolvedSettings): Connection => ({
  baseUrl: r.config.baseUrl,
  apiKey: r.config.apiKey,
  extraHeaders: r.config.extraHeaders,
  timeoutMs: r.config.timeoutMs,
});

/** A model episode as it happens: the driver's controls, the proposal, errors, and the episode body every view shares. */
export function LiveModelEpisode({ kit, driver, route, resolved, header, onNew }: LiveModelEpisodeProps) {
  const { live } = driver;
  const trace = useStore(live.store, (s) => s.trace);
  const events = useStore(live.store, (s) => s.driver.events);
  const messages = useStore(live.store, (s) => s.driver.messages);
  return (
    <EpisodeBody
      kit={kit}
      task={live.task}
      trace={trace}
      states={live.states}
      step={route.step}
      stepHref={(k) => modelHref({ ...route, step: k })}
      header={header}
      toolbar={<ModelToolbar driver={driver} connection={resolved.ok ? connectionOf(resolved.value) : undefined} onNew={onNew} />}
      move={<DriverLog events={events} messages={messages} />}
      reset={null}
      titleLevel={2}
      // Saved under the driver's id when it ends: the fork's parent is that library entry.
      fork={trace.stop ? { name: driver.id, href: `#/trace/${encodeURIComponent(driver.id)}`, trace } : undefined}
      onFollow={() => navigate(modelHref({ ...route, step: null }), { replace: true })}
    />
  );
}
