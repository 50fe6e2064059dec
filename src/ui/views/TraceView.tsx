import { useState } from 'react';
import type { Trace } from '../../core/types';
import { vfRolloutToTrace } from '../../traces/import/index';
import { replayCalls, verifyTrace } from '../../traces/replay';
import { ReplayedEpisode, type Opened } from '../components/trace/ReplayedEpisode';
import { MessageView } from '../components/trace/MessageView';
import { ResumeAsNew } from '../components/trace/ResumeAsNew';
import { TraceNav } from '../components/trace/TraceNav';
import { clampText } from '../lib/clamp';
import { episodeHref } from '../lib/episodeRoute';
import { loadPayload, noteRescore, payloadOf, payloadQuick, useLibrary } from '../lib/library';
import { libraryParams, readLibraryQuery } from '../lib/libraryQuery';
import type { Route } from '../lib/route';
import { rolloutKind, rolloutTitle } from '../lib/rowKind';
import { readStepParam } from '../lib/stepParam';
import { abortable, pauseIfDue, type Pause } from '../lib/timeSlice';
import { useAsync } from '../lib/useAsync';
import { useSavedRuns } from '../lib/useSavedRuns';
import { allWorlds, isWorldId, loadWorldUi } from '../worlds/registry';

/**
 * Replay a native trace (or a vf-eval row of one of our worlds) against a fresh world: verified and re-scored.
 * The replay hands the main thread back between slices (`pause`) and stops there once the view has moved on.
 */
async function openNative(recorded: Trace, pause: Pause, note?: string): Promise<Opened> {
  // A recorded trace's SQL is untrusted: replay it behind the watchdog.
  const kit = await loadWorldUi(recorded.world, 'play');
  const report = await verifyTrace(kit.world, recorded, { pause });
  if (!report.ok) throw new Error(report.error);
  return { kit, recorded, report: report.value, note };
}

export default function TraceView({ route }: { route: Route }) {
  const id = route.path[1] ?? '';
  return (
    <>
      <TraceNav id={id} query={route.query} />
      <OpenedTrace id={id} route={route} />
    </>
  );
}

function OpenedTrace({ id, route }: { id: string; route: Route }) {
  // An id the library does not hold yet (a fork saved from this very view) is read again from storage;
  // walking to one it holds (j / k) reads nothing.
  const known = useLibrary((s) => s.entries.some((e) => e.id === id));
  const [asked, setAsked] = useState(id);
  if (!known && asked !== id) setAsked(id);
  const saved = useSavedRuns(asked);
  const savedHere = useLibrary((s) => s.saved.has(id));
  const entry = useLibrary((s) => s.entries.find((e) => e.id === id));
  // A big row is decoded in slices first (64 MiB of UTF-8 was one long task); once it is, payloadOf answers at once.
  const quick = saved.ready && payloadQuick(id);
  const decoded = useAsync(
    (signal) => (saved.ready && !quick ? loadPayload(id, abortable(pauseIfDue, signal)) : Promise.resolve(undefined)),
    [saved.ready, quick, id],
  );
  const payload = saved.ready && (quick || decoded.status !== 'loading') ? payloadOf(id) : undefined;
  const step = readStepParam(route.query.get('step'));

  const opened = useAsync(
    async (signal): Promise<Opened | { vfOnly: true; reason: string } | null> => {
      if (!payload) return null;
      const pause = abortable(pauseIfDue, signal);
      if (payload.kind === 'native') {
        if (!isWorldId(payload.trace.world)) throw new Error(`this trace is of "${payload.trace.world}", which this site does not have`);
        const o = await openNative(payload.trace, pause);
        noteRescore(id, o.recorded, o.report);
        return o;
      }
      const plan = vfRolloutToTrace(payload.rollout, await allWorlds('play'));
      if (!plan.ok) return { vfOnly: true, reason: plan.error };
      const { trace } = await replayCalls(plan.value.world, plan.value.task, plan.value.calls, plan.value.agent, plan.value.stop, [], { pause });
      const o = await openNative(
        trace,
        pause,
        `Replayed from ${rolloutTitle(payload.rollout)}; the file recorded reward ${payload.rollout.reward?.toFixed(2) ?? '—'}.`,
      );
      noteRescore(id, o.recorded, o.report);
      return o;
    },
    [payload, id],
  );

  if (!saved.ready) return <p className="muted">Opening the library…</p>;
  if (!quick && decoded.status === 'loading') return <p className="muted">Reading the trace…</p>;
  if (saved.error && !payload) return <p className="error">{saved.error}</p>;
  if (!payload)
    return (
      <section className="panel">
        <h1>No trace “{id}” here</h1>
        <p>
          It was removed, or imported into another browser or a tab whose file was not kept. <a href="#/traces">Back to the library</a>.
        </p>
      </section>
    );
  // A run saved here resumes as itself; an imported unfinished trace is viewed, and can be resumed as a new run (below).
  if (savedHere && payload.kind === 'native' && payload.trace.stop === null && payload.trace.agent.kind === 'human')
    return (
      <section className="panel">
        <h1>A run in progress</h1>
        <a href={episodeHref({ world: payload.trace.world, task: payload.trace.task, agent: 'human', run: id })}>Resume it where you left off</a>.
      </section>
    );
  if (opened.status === 'loading') return <p className="muted">Replaying against a fresh world…</p>;
  if (opened.status === 'error') return <p className="error">{opened.message}</p>;
  const o = opened.value;
  if (!o || 'vfOnly' in o)
    return (
      <section className="panel">
        <h1>{payload.kind === 'vf' ? rolloutKind(payload.rollout) : 'native trace'}</h1>
        <p className="muted wrap-anywhere" data-testid="vf-only-reason">
          {/* The row's env as its import named it (a file's folder, metadata.json), not vf-eval's placeholder task "default". */}
          {entry && entry.envFrom && o?.reason.includes("is not one of the playground's worlds")
            ? `${clampText(entry.world, 80)} (env from ${entry.envFrom}) is not one of the playground's worlds: shown as messages, not replayed.`
            : clampText(o?.reason ?? '', 500)}
        </p>
        {payload.kind === 'vf' ? <MessageView rollout={payload.rollout} /> : null}
      </section>
    );
  return (
    <>
      {!savedHere && o.recorded.stop === null ? <ResumeAsNew trace={o.recorded} from={id} /> : null}
      <ReplayedEpisode
        opened={o}
        id={id}
        step={step}
        vf={payload.kind === 'vf' ? payload.rollout : undefined}
        keep={libraryParams(readLibraryQuery(route.query))}
      />
    </>
  );
}
