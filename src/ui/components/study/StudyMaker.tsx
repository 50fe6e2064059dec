import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { err, ok } from '../../../core/result';
import { STUDY_LIMITS } from '../../../traces/study/definition';
import { useAsync } from '../../lib/useAsync';
import { createMaker, linkOf, type MakerState } from '../../study/maker';
import { DEFAULT_WORLD, loadWorldUi } from '../../worlds/registry';
import type { LoadedWorld } from '../../worlds/types';
import { TaskFields } from '../episode/TaskFields';
import { WorldField } from '../episode/WorldField';

type Maker = ReturnType<typeof createMaker>;

async function loadKits(ids: readonly string[]): Promise<ReadonlyMap<string, LoadedWorld>> {
  return new Map(await Promise.all(ids.map(async (id) => [id, await loadWorldUi(id, 'play')] as const)));
}

/** "Create a study": title, instructions, tasks, rules; the link appears as soon as the form holds a study. */
export function StudyMaker() {
  const first = useAsync(() => loadWorldUi(DEFAULT_WORLD, 'play'), []);
  if (first.status === 'loading') return <p className="muted">Loading…</p>;
  if (first.status === 'error') return <p className="error">{first.message}</p>;
  return <MakerForm first={first.value} />;
}

function MakerForm({ first }: { first: LoadedWorld }) {
  const [maker] = useState<Maker>(() => createMaker({ world: first.world.id, spec: first.world.listTasks()[0]!.spec }));
  const s = useStore(maker);
  const worlds = useMemo(() => [...new Set(s.tasks.map((t) => t.world))].sort(), [s.tasks]);
  const kits = useAsync(() => loadKits(worlds), [worlds.join('|')], { keepPrevious: true });
  const set = (patch: Partial<MakerState>) => maker.setState(patch);
  const link = useMemo(() => {
    if (kits.status !== 'done') return null;
    return linkOf(s, (world, spec) => {
      const kit = kits.value.get(world);
      if (!kit) return null;
      const t = kit.world.makeTask(spec);
      return t.ok ? ok(t.value.spec) : err(t.error);
    });
  }, [s, kits]);
  const url = link?.ok ? `${window.location.origin}${window.location.pathname}${link.value.href}` : null;
  const [copied, setCopied] = useState(false);

  return (
    <section className="panel study-maker" data-testid="study-maker">
      <h1>Create a study</h1>
      <p className="muted">
        A study is a link: everyone who opens it plays the same tasks under the same rules, in their own browser, and sends you one results file. Import the
        files in <a href="#/traces">Traces</a>; the report sets them beside your models on the same tasks. Nothing is uploaded anywhere.
      </p>
      <div className="study-form">
        <label className="field">
          <span>Title</span>
          <input value={s.title} maxLength={STUDY_LIMITS.title} onChange={(e) => set({ title: e.target.value })} data-testid="maker-title" />
        </label>
        <label className="field">
          <span>Instructions for participants (optional)</span>
          <textarea
            rows={3}
            value={s.instructions}
            maxLength={STUDY_LIMITS.instructions}
            onChange={(e) => set({ instructions: e.target.value })}
            data-testid="maker-instructions"
          />
        </label>
        <h2>Tasks</h2>
        <ol className="maker-tasks">
          {s.tasks.map((t, i) => (
            <li key={t.key} data-testid={`maker-task-${i + 1}`}>
              <div className="play-row">
                <WorldField
                  value={t.world}
                  onPick={(world) =>
                    void loadWorldUi(world, 'play').then((k) =>
                      set({ tasks: maker.getState().tasks.map((x) => (x.key === t.key ? { ...x, world, spec: k.world.listTasks()[0]!.spec } : x)) }),
                    )
                  }
                />
                {kits.status === 'done' && kits.value.get(t.world) ? (
                  <MakerTask
                    kit={kits.value.get(t.world)!}
                    spec={t.spec}
                    onPick={(spec) => set({ tasks: maker.getState().tasks.map((x) => (x.key === t.key ? { ...x, spec } : x)) })}
                  />
                ) : (
                  <span className="muted small">loading…</span>
                )}
                <button
                  type="button"
                  disabled={s.tasks.length === 1}
                  onClick={() => set({ tasks: s.tasks.filter((x) => x.key !== t.key) })}
                  aria-label={`remove task ${i + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
        <button
          type="button"
          disabled={s.tasks.length >= STUDY_LIMITS.tasks}
          onClick={() => set({ tasks: [...s.tasks, { ...s.tasks[s.tasks.length - 1]!, key: maker.nextKey() }] })}
          data-testid="maker-add-task"
        >
          Add a task
        </button>
        <h2>Rules</h2>
        <div className="study-rules">
          <label className="field">
            <span>Order</span>
            <select value={s.order} onChange={(e) => set({ order: e.target.value === 'shuffled' ? 'shuffled' : 'fixed' })} data-testid="maker-order">
              <option value="fixed">the same for everyone</option>
              <option value="shuffled">shuffled per participant (from their pseudonym)</option>
            </select>
          </label>
          <label className="field">
            <span>Time limit per task, seconds (empty: none)</span>
            <input inputMode="numeric" value={s.limit} onChange={(e) => set({ limit: e.target.value })} data-testid="maker-limit" />
          </label>
          <label className="field">
            <span>About how long in all, minutes (optional)</span>
            <input inputMode="numeric" value={s.minutes} onChange={(e) => set({ minutes: e.target.value })} data-testid="maker-minutes" />
          </label>
          <label className="check">
            <input type="checkbox" checked={s.showScores} onChange={(e) => set({ showScores: e.target.checked })} data-testid="maker-scores" /> show
            participants their scores at the end
          </label>
        </div>
        <p className="muted small">The verifier’s hints are never revealed in a study: its runs are baselines.</p>
      </div>
      <h2>The link</h2>
      {link === null ? (
        <p className="muted">Checking the tasks…</p>
      ) : !link.ok ? (
        <p className={s.title.trim() === '' ? 'muted' : 'error'} data-testid="maker-problem">
          Not a study yet: {link.error}
        </p>
      ) : (
        <div className="study-link">
          <input readOnly value={url!} aria-label="study link" onFocus={(e) => e.target.select()} data-testid="maker-link" />
          <div className="lib-toolbar">
            <button
              type="button"
              onClick={() =>
                void navigator.clipboard?.writeText(url!).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? 'Copied' : 'Copy the link'}
            </button>
            <a href={link.value.href} data-testid="maker-open">
              Open it as a participant
            </a>
            <span className="muted small">study id {link.value.study.id}</span>
          </div>
        </div>
      )}
    </section>
  );
}

function MakerTask({
  kit,
  spec,
  onPick,
}: {
  kit: LoadedWorld;
  spec: MakerState['tasks'][number]['spec'];
  onPick(spec: MakerState['tasks'][number]['spec']): void;
}) {
  const task = kit.world.makeTask(spec);
  if (!task.ok) return <span className="error">{task.error}</span>;
  return <TaskFields kit={kit} task={task.value} onPick={onPick} />;
}
