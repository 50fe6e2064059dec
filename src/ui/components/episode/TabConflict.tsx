import { useState } from 'react';
import type { Access } from '../../live/types';

const WHY: Record<Exclude<Access, { kind: 'writer' }>['why'], string> = {
  'open-elsewhere': 'This run is open in another tab, and that tab saves it. Here it is read-only, so the two tabs cannot overwrite each other’s steps.',
  'taken-over':
    'Another tab took over this run. This tab is read-only now, so the steps played there are not overwritten; what you see here may be behind them.',
  'written-elsewhere':
    'Another tab has written to this run since this tab opened it, so this tab’s last steps were not saved over it. This tab is read-only now.',
};

/** A run this tab only shows: why, and the two ways on — take the run over, or keep this tab's copy as a new run. */
export function TabConflict({ access, steps, onTakeOver, onFork }: { access: Access; steps: number; onTakeOver(): Promise<void>; onFork(): Promise<void> }) {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (access.kind === 'writer') return null;
  const act = async (what: () => Promise<void>, failed: string) => {
    setWorking(true);
    setError(null);
    try {
      await what();
    } catch (e) {
      setError(`${failed}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setWorking(false);
    }
  };
  const dropsOwn = access.why === 'written-elsewhere';
  return (
    <section className="panel storage-alarm" role="alert" data-testid="tab-conflict">
      <p>{WHY[access.why]}</p>
      <div className="play-row">
        <button
          type="button"
          disabled={working}
          onClick={() => void act(onTakeOver, 'Could not take over')}
          title={
            dropsOwn
              ? 'Continue from the copy the other tab saved; this tab’s unsaved steps are dropped'
              : 'Continue here from the latest saved step; the other tab becomes read-only'
          }
        >
          Take over here
        </button>
        <button
          type="button"
          disabled={working}
          onClick={() => void act(onFork, 'Could not fork')}
          title={`A new run with the ${steps} steps shown here, written by this tab`}
        >
          Fork a copy
        </button>
        {dropsOwn ? <span className="muted small">Fork a copy keeps this tab’s steps; take over continues from the other tab’s.</span> : null}
      </div>
      {error ? <p className="error">{error}</p> : null}
    </section>
  );
}
