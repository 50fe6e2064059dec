import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { aggregate } from '../../../agents/aggregate';
import { runBatch } from '../../../agents/batch';
import { ModelAgent } from '../../../agents/modelAgent';
import type { Result } from '../../../core/result';
import { divergence, divergenceLabel, divergesAs, diverges, verdictsOf } from '../../../traces/divergence';
import { cellOf, hasSeeds } from '../../lib/model/batch';
import { BatchController, type BatchDeps } from '../../live/batch';
import { modelHref } from '../../lib/model/route';
import { rememberConfig } from '../../lib/model/secrets';
import type { ResolvedSettings } from '../../lib/model/settings';
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
import { DivergingRuns } from './DivergingRuns';

/** The panel's controller: one per world (the view keys the panel by world). */
function useBatch(kit: LoadedWorld): BatchController {
  const vocabulary = kit.ui.tasks;
  const [controller] = useState(() => {
    const choices = taskChoices(kit.world, vocabulary);
    return new BatchController(kit.world, vocabulary, {
      keys: new Set(choices.slice(0, 1).map((t) => vocabulary.key(t))),
      seeds: '1',
      rollouts: '1',
      concurrency: '2',
      mode: vocabulary.poolSeeds ? 'pooled' : 'each',
    });
  });
  useEffect(() => () => controller.cancel(), [controller]);
  return controller;
}

/** The page's storage and clock, for the batch's saves. */
const pageDeps = (world: LoadedWorld['world'], config: ResolvedSettings['config']): BatchDeps => ({
  run: runBatch,
  makeAgent: (_task, signal) => new ModelAgent({ config: { ...config }, signal, summarize: world.summarize }),
  store: { save: saveRun },
  unsaved: { keep: keepUnsaved },
  newId: () => `model-${crypto.randomUUID()}`,
  now: () => Date.now(),
  describeError: describeStorageError,
});

/**
 * Tasks × seeds × rollouts against the endpoint (`live/batch.ts` runs them);
 * this panel renders the form, the progress and the table.
 */
export function BatchPanel({ kit, resolved }: { kit: LoadedWorld; resolved: Result<ResolvedSettings> }) {
  const { world } = kit;
  const vocabulary = kit.ui.tasks;
  const choices = taskChoices(world, vocabulary);
  const controller = useBatch(kit);
  const { form, runs, progress, outcome, saveError } = useStore(controller.store);
  const [shown, setShown] = useState<DivergenceShow | null>(null);
  const plan = controller.plan(resolved);
  const problem = plan.ok ? null : plan.problem;
  const total = plan.total;
  const running = progress !== null && outcome === null;
  const traces = useMemo(() => runs.map((r) => r.trace), [runs]);
  const rows = useMemo(() => aggregate(traces, cellOf(form.mode)), [traces, form.mode]);
  const layerLabels = useMemo(() => Object.fromEntries((traces[0]?.scorecard?.layers ?? []).map((l) => [l.id, l.label])), [traces]);
  const diverging = useMemo(() => divergence(traces.map((t) => verdictsOf(t.scorecard))), [traces]);
  const shownRuns =
    shown === null ? [] : runs.filter((r) => (shown === 'any' ? diverges(verdictsOf(r.trace.scorecard)) : divergesAs(verdictsOf(r.trace.scorecard), shown)));
  const shownCells = new Set(shownRuns.map((r) => cellOf(form.mode)(r.trace)));

  const start = () => {
    if (!plan.ok || !resolved.ok) return;
    rememberConfig(resolved.value.config);
    setShown(null);
    void controller.start(plan, pageDeps(world, resolved.value.config));
  };

  return (
    <div className="batch" data-testid="batch">
      <section className="panel batch-form">
        <div className="episode-header">
          <WorldField value={world.id} disabled={running} onPick={(id) => navigate(modelHref({ tab: 'batch', world: id }))} />
          {hasSeeds(world) ? (
            <label className="field">
              <span>seeds</span>
              <input
                value={form.seeds}
                onChange={(e) => controller.edit({ seeds: e.target.value })}
                disabled={running}
                placeholder="1-4, 7"
                aria-label="seeds"
                data-testid="batch-seeds"
              />
            </label>
          ) : null}
          <label className="field narrow">
            <span>rollouts each</span>
            <input
              value={form.rollouts}
              onChange={(e) => controller.edit({ rollouts: e.target.value })}
              disabled={running}
              inputMode="numeric"
              aria-label="rollouts each"
              data-testid="batch-rollouts"
            />
          </label>
          <label className="field narrow">
            <span>concurrency</span>
            <input
              value={form.concurrency}
              onChange={(e) => controller.edit({ concurrency: e.target.value })}
              disabled={running}
              inputMode="numeric"
              aria-label="concurrency"
              data-testid="batch-concurrency"
            />
          </label>
          {hasSeeds(world) ? (
            <label className="field">
              <span>table rows</span>
              <select value={form.mode} onChange={(e) => controller.edit({ mode: e.target.value === 'each' ? 'each' : 'pooled' })} aria-label="table rows">
                <option value="pooled">per {vocabulary.noun} (seeds pooled)</option>
                <option value="each">per {vocabulary.noun} and seed</option>
              </select>
            </label>
          ) : null}
        </div>
        <fieldset className="task-checks" disabled={running}>
          <legend>
            {vocabulary.plural}{' '}
            <button type="button" className="link-button" onClick={() => controller.edit({ keys: new Set(choices.map((t) => vocabulary.key(t))) })}>
              all
            </button>{' '}
            <button type="button" className="link-button" onClick={() => controller.edit({ keys: new Set() })}>
              none
            </button>
          </legend>
          {choices.map((t) => {
            const key = vocabulary.key(t);
            return (
              <label key={key} className="check">
                <input
                  type="checkbox"
                  checked={form.keys.has(key)}
                  onChange={(e) => controller.toggle(key, e.target.checked)}
                  data-testid={`batch-task-${key}`}
                />
                {vocabulary.label(t)}
              </label>
            );
          })}
        </fieldset>
        <div className="proposal-actions">
          <button type="button" className="primary" disabled={problem !== null || running} onClick={start} data-testid="batch-start">
            Run {total} rollout{total === 1 ? '' : 's'}
          </button>
          <button type="button" disabled={!running} onClick={() => controller.cancel()} data-testid="batch-cancel">
            Cancel
          </button>
          <span className={problem ? 'error small' : 'muted small'}>
            {problem ?? `Each rollout is a fresh episode; every finished one is saved to the trace library. Cancel keeps what finished.`}
          </span>
        </div>
        {progress ? (
          <Progress done={progress.done} total={progress.total} label="Batch" unit={`rollouts${running ? `, ${progress.running} running` : ''}`} />
        ) : null}
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
        {saveError ? (
          <p className="error small">Could not save a trace: {saveError}. Each one not saved is listed in Traces as “not saved”: export it from there.</p>
        ) : null}
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
          {shown !== null ? <DivergingRuns runs={shownRuns} cellOf={cellOf(form.mode)} /> : null}
          <BatchResults rows={shown === null ? rows : rows.filter((r) => shownCells.has(r.cell))} layerLabels={layerLabels} />
          <p className="muted small">
            Means per cell; “full” scores every layer, “naive” only the final answer. A rollout whose request failed for good ends as <code>agent-error</code>{' '}
            and is scored as it stands.
          </p>
        </section>
      ) : null}
    </div>
  );
}
