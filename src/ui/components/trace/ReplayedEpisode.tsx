import type { Trace } from '../../../core/types';
import type { VfRollout } from '../../../traces/import/types';
import type { ReplayReport } from '../../../traces/replay';
import { hrefFor } from '../../lib/route';
import type { StepParam } from '../../lib/stepParam';
import { recordedStates } from '../../lib/stepStates';
import type { LoadedWorld } from '../../worlds/types';
import { modelRecordOf } from '../../lib/model/record';
import { EpisodeBody } from '../episode/EpisodeBody';
import { DriverLog } from '../model/DriverLog';
import { Lineage } from './Lineage';
import { MessageView } from './MessageView';
import { VerifyBanner } from './VerifyBanner';

/** A recorded trace replayed in this page: what it recorded, and what the world and verifiers say now. */
export interface Opened {
  kit: LoadedWorld;
  recorded: Trace;
  report: ReplayReport;
  note?: string;
}

/** A trace from the library, stepped through as replayed now, with the replay's verdict above it. */
export function ReplayedEpisode({
  opened,
  id,
  step,
  vf,
  keep = {},
}: {
  opened: Opened;
  id: string;
  step: StepParam;
  vf?: VfRollout;
  /** Query parameters a step's link keeps (the library listing the trace was opened from). */
  keep?: Record<string, string | undefined>;
}) {
  const { kit, report } = opened;
  const task = kit.world.makeTask(report.trace.task);
  if (!task.ok) return <p className="error">{task.error}</p>;
  // A model run's own record: its words, and the calls that never reached the world (invalid, over budget) with their errors.
  const model = modelRecordOf(opened.recorded);
  return (
    <>
      <EpisodeBody
        kit={kit}
        task={task.value}
        trace={report.trace}
        states={recordedStates(kit.world, task.value, report.trace)}
        step={step}
        stepHref={(k) => hrefFor(['trace', id], { ...keep, step: k })}
        banner={
          <>
            <VerifyBanner recorded={opened.recorded} report={report} note={opened.note} />
            <Lineage id={id} trace={opened.recorded} />
          </>
        }
        // The recording, not the replay, is what a fork must reproduce: a trace that no longer replays is refused.
        fork={{ name: id, href: hrefFor(['trace', id]), trace: opened.recorded }}
        move={model ? <DriverLog events={model.events} messages={model.messages} openMessages={report.trace.steps.length === 0} /> : null}
      />
      {vf ? (
        <details className="panel">
          <summary>The vf-eval messages</summary>
          <MessageView rollout={vf} />
        </details>
      ) : null}
    </>
  );
}
