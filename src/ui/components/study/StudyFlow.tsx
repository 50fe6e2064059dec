import { useStore } from 'zustand';
import type { World } from '../../../core/world';
import type { Study } from '../../../traces/study/definition';
import { taskProblem } from '../../../traces/study/definition';
import { err, ok } from '../../../core/result';
import type { StepParam } from '../../lib/stepParam';
import { useAsync } from '../../lib/useAsync';
import { studySession } from '../../study/pageSession';
import { phaseOf, type StudySession } from '../../study/session';
import { loadWorldUi } from '../../worlds/registry';
import type { LoadedWorld } from '../../worlds/types';
import { StudyDone } from './StudyDone';
import { StudyIntro } from './StudyIntro';
import { StudyPlaying } from './StudyPlaying';
import { StudyReady } from './StudyReady';

/** Every world the study plays, loaded, and every task checked against its world before anyone starts. */
async function loadStudy(study: Study): Promise<{ kits: ReadonlyMap<string, LoadedWorld>; session: StudySession }> {
  const ids = [...new Set(study.tasks.map((t) => t.world))];
  const kits = new Map<string, LoadedWorld>();
  for (const id of ids) {
    try {
      kits.set(id, await loadWorldUi(id, 'play'));
    } catch {
      // An unknown world is reported with its task's place below.
    }
  }
  const problem = taskProblem(study, (world, spec) => {
    const kit = kits.get(world);
    if (!kit) return null;
    const t = kit.world.makeTask(spec);
    return t.ok ? ok(t.value.spec) : err(t.error);
  });
  if (problem) throw new Error(problem);
  const worlds = new Map<string, World>([...kits].map(([id, k]) => [id, k.world]));
  const { session, loaded } = studySession(study, worlds);
  await loaded;
  return { kits, session };
}

/** A participant's way through a study: intro, each task in their order, the results file, thanks. */
export function StudyFlow({ study, step }: { study: Study; step: StepParam }) {
  const loaded = useAsync(() => loadStudy(study), [study.id]);
  if (loaded.status === 'loading') return <p className="muted">Opening the study…</p>;
  if (loaded.status === 'error')
    return (
      <section className="panel">
        <h1>{study.title}</h1>
        <p className="error" data-testid="study-link-problem">
          This study cannot be played on this site: {loaded.message}
        </p>
      </section>
    );
  return <StudyPhase session={loaded.value.session} kits={loaded.value.kits} step={step} />;
}

function StudyPhase({ session, kits, step }: { session: StudySession; kits: ReadonlyMap<string, LoadedWorld>; step: StepParam }) {
  const progress = useStore(session.store, (s) => s.progress);
  const problem = useStore(session.store, (s) => s.problem);
  const phase = phaseOf(progress);
  const alarm = problem ? (
    <p className="panel storage-alarm" role="alert" data-testid="study-problem">
      {problem}
    </p>
  ) : null;
  let body;
  if (phase.kind === 'intro') body = <StudyIntro session={session} />;
  else if (phase.kind === 'ready') body = <StudyReady session={session} position={phase.position} />;
  else if (phase.kind === 'playing') body = <StudyPlaying session={session} kits={kits} position={phase.position} step={step} />;
  else body = <StudyDone session={session} thanked={phase.kind === 'thanks'} />;
  return (
    <div className="study" data-testid="study">
      {alarm}
      {body}
    </div>
  );
}
