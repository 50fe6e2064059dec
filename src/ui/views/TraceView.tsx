import type { Trace } from '../../core/types';
import { vfRolloutToTrace } from '../../traces/import/index';
import { replayCalls, verifyTrace } from '../../traces/replay';
import { ReplayedEpisode, type Opened } from '../components/trace/ReplayedEpisode';
import { MessageView } from '../components/trace/MessageView';
import { episodeHref } from '../lib/episodeRoute';
import { noteRescore, payloadOf } from '../lib/library';
import type { Route } from '../lib/route';
import { readStepParam } from '../lib/stepParam';
import { useAsync } from '../lib/useAsync';
import { useSavedRuns } from '../lib/useSavedRuns';
import { allWorlds, isWorldId, loadWorldUi } from '../worlds/registry';

/** Replay a native trace (or a vf-eval row of one of our worlds) against a fresh world: verified and re-scored. */
async function openNative(recorded: Trace, note?: string): Promise<Opened> {
  // A recorded trace's SQL is untrusted: replay it behind the watchdog.
  const kit = await loadWorldUi(recorded.world, 'play');
  const report = await verifyTrace(kit.world, recorded);
  if (!report.ok) throw new Error(report.error);
  return { kit, recorded, report: report.value, note };
}

export default function TraceView({ route }: { route: Route }) {
  const id = route.path[1] ?? '';
  const saved = useSavedRuns();
  const payload = saved.ready ? payloadOf(id) : undefined;
  const step = readStepParam(route.query.get('step'));

  const opened = useAsync(async (): Promise<Opened | { vfOnly: true; reason: string } | null> => {
    if (!payload) return null;
    if (payload.kind === 'native') {
      if (!isWorldId(payload.trace.world)) throw new Error(`this trace is of "${payload.trace.world}", which this site does not have`);
      const o = await openNative(payload.trace);
      noteRescore(id, o.recorded, o.report);
      return o;
    }
    const plan = vfRolloutToTrace(payload.rollout, await allWorlds('play'));
    if (!plan.ok) return { vfOnly: true, reason: plan.error };
    const { trace } = await replayCalls(plan.value.world, plan.value.task, plan.value.calls, plan.value.agent, plan.value.stop);
    const o = await openNative(trace, `Replayed from vf-eval line ${payload.rollout.line}; vf-eval recorded reward ${payload.rollout.reward?.toFixed(2) ?? '—'}.`);
    noteRescore(id, o.recorded, o.report);
    return o;
  }, [payload, id]);

  if (!saved.ready) return <p className="muted">Opening the library…</p>;
  if (saved.error && !payload) return <p className="error">{saved.error}</p>;
  if (!payload)
    return (
      <section className="panel">
        <h2>No trace “{id}” here</h2>
        <p>
          Imported files stay only for the tab that imported them. <a href="#/traces">Back to the library</a>.
        </p>
      </section>
    );
  if (payload.kind === 'native' && payload.trace.stop === null && payload.trace.agent.kind === 'human')
    return (
      <section className="panel">
        <h2>A run in progress</h2>
        <a href={episodeHref({ world: payload.trace.world, task: payload.trace.task, agent: 'human', run: id })}>Resume it where you left off</a>.
      </section>
    );
  if (opened.status === 'loading') return <p className="muted">Replaying against a fresh world…</p>;
  if (opened.status === 'error') return <p className="error">{opened.message}</p>;
  const o = opened.value;
  if (!o || 'vfOnly' in o)
    return (
      <section className="panel">
        <h2>vf-eval rollout</h2>
        <p className="muted">{o?.reason}</p>
        {payload.kind === 'vf' ? <MessageView rollout={payload.rollout} /> : null}
      </section>
    );
  return (
    <ReplayedEpisode opened={o} id={id} step={step} vf={payload.kind === 'vf' ? payload.rollout : undefined} />
  );
}
