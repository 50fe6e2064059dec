import { useState } from 'react';
import type { Trace } from '../../../core/types';
import type { World } from '../../../core/world';
import { specLabel } from '../../lib/specNames';
import { hrefFor } from '../../lib/route';
import { Clamp } from '../Clamp';
import type { SavedGotcha } from '../../lib/storage';
import { addGotcha, describeVerdicts } from '../../lib/userGotchas';

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; saved: SavedGotcha } | { kind: 'error'; message: string };

const defaultLabel = (trace: Trace) =>
  `${trace.agent.model ?? (trace.agent.kind === 'human' ? 'you' : trace.agent.name)} on ${specLabel(trace.world, trace.task)}`;

/**
 * "Add to gotchas" for a finished episode: the person names it (and may say
 * why), and it joins their suite with the verdicts it gets now. Rendered
 * inside a wrapping flex row: the button sits in the row, the form below it.
 */
export function AddGotcha({ world, trace }: { world: World; trace: Trace }) {
  const [forTrace, setForTrace] = useState(trace);
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState(() => defaultLabel(trace));
  const [note, setNote] = useState('');
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  // Another episode in the same view starts a fresh form.
  if (forTrace !== trace) {
    setForTrace(trace);
    setOpen(false);
    setLabel(defaultLabel(trace));
    setNote('');
    setState({ kind: 'idle' });
  }
  if (!trace.stop) return null;

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      setState({ kind: 'saved', saved: await addGotcha(world, trace, label, note) });
      setOpen(false);
    } catch (e) {
      setState({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <>
      <button type="button" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="add-gotcha">
        Add to gotchas
      </button>
      {open ? (
        <form
          className="add-gotcha"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          data-testid="add-gotcha-form"
        >
          <label className="field grow">
            <span>label</span>
            <input value={label} onChange={(e) => setLabel(e.target.value)} required aria-label="gotcha label" data-testid="gotcha-label" />
          </label>
          <label className="field grow">
            <span>note (optional): what the agent did, why it matters</span>
            <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} aria-label="gotcha note" data-testid="gotcha-note" />
          </label>
          <div className="play-row">
            <button type="submit" className="primary" disabled={state.kind === 'saving' || label.trim() === ''} data-testid="gotcha-save">
              {state.kind === 'saving' ? 'Replaying…' : 'Save to my gotchas'}
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <span className="muted small">The calls are replayed now; the verdicts they get are what every later re-score is held to.</span>
          </div>
        </form>
      ) : null}
      {state.kind === 'saved' ? (
        <p className="add-gotcha-done small" role="status" data-testid="gotcha-added">
          Added “<Clamp text={state.saved.entry.label} />”: {describeVerdicts(state.saved.entry.expected)}. Re-scored on every visit to the <a href="#/">home page</a>;{' '}
          <a href={hrefFor(['gotcha', state.saved.id])}>open it</a>.
        </p>
      ) : null}
      {state.kind === 'error' ? (
        <p className="add-gotcha-done error small" role="alert">
          Not added: {state.message}
        </p>
      ) : null}
    </>
  );
}
