import { useState } from 'react';
import type { Trace } from '../../../core/types';
import { resumeAsNewRun } from '../../lib/resumeImported';

/** An unfinished trace that is not a run of this browser: viewed as it is, or played on as a new run of one's own. */
export function ResumeAsNew({ trace, from }: { trace: Trace; from: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="panel" data-testid="unfinished-import">
      <p>
        This trace did not finish: its {trace.steps.length} step{trace.steps.length === 1 ? '' : 's'} are shown below.{' '}
        <button
          type="button"
          onClick={() => void resumeAsNewRun(trace, from).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))}
          data-testid="resume-as-new"
        >
          Resume as a new local run
        </button>
      </p>
      {error ? <p className="error">{error}</p> : null}
    </section>
  );
}
