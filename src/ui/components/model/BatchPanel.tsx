import { useEffect, useMemo, useRef, useState } from 'react';
import { aggregate } from '../../../agents/aggregate';
import { runBatch, type BatchProgress } from '../../../agents/batch';
import { ModelAgent } from '../../../agents/modelAgent';
import type { Result } from '../../../core/result';
import { divergence, divergenceLabel, divergesAs, diverges, verdictsOf } from '../../../traces/divergence';
import { batchTasks, cellOf, hasSeeds, type CellMode } from '../../lib/modelBatch';
import { modelHref } from '../../lib/modelRoute';
import { rememberConfig } from '../../lib/modelSecrets';
import type { ResolvedSettings } from '../../lib/modelSettings';
import { navigate } from '../../lib/navigate';
import { WorldField } from '../episode/WorldField';
import { taskChoices } from '../../worlds/taskVocabulary';
import type { LoadedWorld } from '../../worlds/types';
import { saveRun } from '../../lib/storage';
import { describeStorageError } from '../../lib/storageErrors';
import { keepUnsaved } from '../../lib/unsavedRuns';
import { DivergenceBar, type DivergenceShow } from '../DivergenceBar';
import { Progress } from '../Progress';
import { BatchResults } from './BatchResults';
import { DivergingRuns, type BatchRun } from './DivergingRuns';

interface Outcome {
  cancelled: number;
  failed: { task: string; error: string }[];
}

const positiveInt = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

/**
 * Tasks × seeds × rollouts against the endpoint, a few at a time. Each
 * finished rollout is saved to the trace library as it arrives, so a cancel
 * (or a closed tab) keeps everything that finished.
 */
export function BatchPanel({ kit, resolved }: { kit: LoadedWorld; resolved: Result<ResolvedSettings> }) {
  const { world } = kit;
  const vocabulary = kit.ui.tasks;
  const choices = taskChoices(world, vocabulary);
  const [keys, setKeys] = useState<Set<string>>(() => new Set(choices.slice(0, 1).map((t) => vocabulary.key(t))));
  const [seeds, setSeeds] = useState('1');
  const [rollouts, setRollouts] = useState('1');
  const [concurrency, setConcurrency] = useState('2');
  const [mode, setMode] = useState<CellMode>(vocabulary.poolSeeds ? 'pooled' : 'each');
  const [runs, setRuns] = useState<BatchRun[]>([]);
  const [shown, setShown] = useState<DivergenceShow | null>(null);
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const tasks = batchTasks(world, vocabulary, keys, seeds, resolved.ok ? resolved.value.maxTurns : undefined);
  const nRollouts = positiveInt(rollouts);
  const nConcurrency = positiveInt(concurrency);
  const problem = !resolved.ok
    ? `fix the endpoint settings first: ${resolved.error}`
    : !tasks.ok
      ? tasks.error
      : nRollouts === null
        ? 'rollouts per task must be a positive whole number'
        : nConcurrency === null
          ? 'concurrency must be a positive whole number'
          : null;
  const total = tasks.ok && nRollouts ? tasks.value.length * nRollouts : 0;
  const running = progress !== null && outcome === null;
  const traces = useMemo(() => runs.map((r) => r.trace), [runs]);
  const rows = useMemo(() => aggregate(traces, cellOf(mode)), [traces, mode]);
  const layerLabels = useMemo(() => Object.fromEntries((traces[0]?.scorecard?.layers ?? []).map((l) => [l.id, l.label])), [traces]);
  const diverging = useMemo(() => divergence(traces.map((t) => verdictsOf(t.scorecard))), [traces]);
  const shownRuns = shown === null ? [] : runs.filter((r) => (shown === 'any' ? diverges(verdictsOf(r.trace.scorecard)) : divergesAs(verdictsOf(r.trace.scorecard), shown)));
  const shownCells = new Set(shownRuns.map((r) => cellOf(mode)(r.trace)));

  const start = async () => {
    if (problem || !resolved.ok || !tasks.ok || !nRollouts || !nConcurrency) return;
    const config = resolved.value.config;
    rememberConfig(config);
    const ac = new AbortController();
    controller.current = ac;
    setRuns([]);
    setShown(null);
    setOutcome(null);
    setSaveError(null);
    setProgress({ done: 0, total, running: 0 });
    const result = await runBatch({
      world,
      tasks: tasks.value,
      rollouts: nRollouts,
      concurrency: nConcurrency,
      signal: ac.signal,
      makeAgent: (_rollout, signal) => new ModelAgent({ config: { ...config }, signal, summarize: world.summarize }),
      onProgress: (p) => {
        setProgress(p);
        const trace = p.trace;
        if (!trace) return;
        const id = `model-${crypto.randomUUID()}`;
        setRuns((rs) => [...rs, { id, trace }]);
        saveRun({ id, trace, savedAt: Date.now(), finished: true }).catch((e: unknown) => {
          keepUnsaved({ id, trace, reason: 'not saved' });
          setSaveError(describeStorageError(e));
        });
      },
    });
    controller.current = null;
    setOutcome({ cancelled: result.cancelled, failed: result.failed.map((f) => ({ task: f.rollout.task.title, error: f.error })) });
  };

  const toggle = (key: string, on: boolean) =>
    setKeys((ks) => {
      const next = new Set(ks);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <div className="batch" data-testid="batch">
      <section className="panel batch-form">
        <div className="episode-header">
          <WorldField value={world.id} disabled={running} onPick={(id) => navigate(modelHref({ tab: 'batch', world: id }))} />
          {hasSeeds(world) ? (
            <label className="field">
              <span>seeds</span>
              <input value={seeds} onChange={(e) => setSeeds(e.target.value)} disabled={running} placeholder="1-4, 7" aria-label="seeds" data-testid="batch-seeds" />
            </label>
          ) : null}
          <label className="field narrow">
            <span>rollouts each</span>
            <input value={rollouts} onChange={(e) => setRollouts(e.target.value)} disabled={running} inputMode="numeric" aria-label="rollouts each" data-testid="batch-rollouts" />
          </label>
          <label className="field narrow">
            <span>concurrency</span>
            <input value={concurrency} onChange={(e) => setConcurrency(e.target.value)} disabled={running} inputMode="numeric" aria-label="concurrency" data-testid="batch-concurrency" />
          </label>
          {hasSeeds(world) ? (
            <label className="field">
              <span>table rows</span>
              <select value={mode} onChange={(e) => setMode(e.target.value === 'each' ? 'each' : 'pooled')} aria-label="table rows">
                <option value="pooled">per {vocabulary.noun} (seeds pooled)</option>
                <option value="each">per {vocabulary.noun} and seed</option>
              </select>
            </label>
          ) : null}
        </div>
        <fieldset className="task-checks" disabled={running}>
          <legend>
            {vocabulary.plural}{' '}
            <button type="button" className="link-button" onClick={() => setKeys(new Set(choices.map((t) => vocabulary.key(t))))}>
              all
            </button>{' '}
            <button type="button" className="link-button" onClick={() => setKeys(new Set())}>
              none
            </button>
          </legend>
          {choices.map((t) => {
            const key = vocabulary.key(t);
            return (
              <label key={key} className="check">
                <input type="checkbox" checked={keys.has(key)} onChange={(e) => toggle(key, e.target.checked)} data-testid={`batch-task-${key}`} />
                {vocabulary.label(t)}
              </label>
            );
          })}
        </fieldset>
        <div className="proposal-actions">
          <button type="button" className="primary" disabled={problem !== null || running} onClick={() => void start()} data-testid="batch-start">
            Run {total} rollout{total === 1 ? '' : 's'}
          </button>
          <button type="button" disabled={!running} onClick={() => controller.current?.abort()} data-testid="batch-cancel">
            Cancel
          </button>
          <span className={problem ? 'error small' : 'muted small'}>
            {problem ?? `Each rollout is a fresh episode; every finished one is saved to the trace library. Cancel keeps what finished.`}
          </span>
        </div>
        {progress ? <Progress done={progress.done} total={progress.total} label="Batch" unit={`rollouts${running ? `, ${progress.running} running` : ''}`} /> : null}
        {outcome ? (
          <p className="small" data-testid="batch-outcome">
            {runs.length} finished and saved
            {outcome.cancelled > 0 ? `; ${outcome.cancelled} cancelled (not kept)` : ''}
            {outcome.failed.length > 0 ? `; ${outcome.failed.length} failed to start` : ''}. Open them from <a href="#/traces">Traces</a>.
          </p>
        ) : null}
        {outcome?.failed.map((f, i) => (
          <p key={i} className="error small">
            {f.task}: {f.error}
          </p>
        ))}
        {saveError ? <p className="error small">Could not save a trace: {saveError}. Each one not saved is listed in Traces as “not saved”: export it from there.</p> : null}
      </section>
      {rows.length > 0 ? (
        <section className="panel">
          <h3>Results</h3>
          <DivergenceBar divergence={diverging} scope={`the ${runs.length} rollouts`} onShow={setShown} active={shown ?? ''} />
          {shown !== null ? (
            <p className="small" data-testid="diverging-shown">
              Showing the {shownRuns.length} rollouts that diverge ({shown === 'any' ? 'in any way' : divergenceLabel(shown)}) and their cells.{' '}
              <button type="button" className="link" onClick={() => setShown(null)}>
                show every cell
              </button>
            </p>
          ) : null}
          {shown !== null ? <DivergingRuns runs={shownRuns} cellOf={cellOf(mode)} /> : null}
          <BatchResults rows={shown === null ? rows : rows.filter((r) => shownCells.has(r.cell))} layerLabels={layerLabels} />
          <p className="muted small">
            Means per cell; “full” scores every layer, “naive” only the final answer. A rollout whose request failed for good ends as{' '}
            <code>agent-error</code> and is scored as it stands.
          </p>
        </section>
      ) : null}
    </div>
  );
}
