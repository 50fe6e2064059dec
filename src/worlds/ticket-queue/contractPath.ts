import { breaking } from '../../core/contract';
import type { Variant } from '../../core/contract';
import type { ToolCall } from '../../core/types';
import { bystanders, decidedKeys, finish, list, neighbour, note, read, status } from './calls';
import { STATUSES, type Status } from './data';
import { allowedOf, END, idOf, insert, otherStatus, setupOfRun } from './contractKit';

/**
 * The path is judged whole: a write undone is still a change, and a target may be corrected once.
 * Each variant ends with the oracle's end state, so only the path tells it from the oracle.
 */

/** The calls with `extra` just before the first call `pick` finds. */
const before = (calls: readonly ToolCall[], pick: (c: ToolCall) => boolean, extra: readonly ToolCall[]): ToolCall[] => {
  const at = calls.findIndex(pick);
  return at < 0 ? [...calls] : [...calls.slice(0, at), ...extra, ...calls.slice(at)];
};

export const bystanderUndone = breaking(
  'bystander-undone',
  'end-state',
  END,
  'a ticket the task leaves alone written and set back before the end: a bystander read, its status moved and moved back (before the task’s writes, or after them); on resolve-confirmed, every waiting ticket resolved after reading each, and the unconfirmed ones set back',
  (run) => {
    const s = setupOfRun(run);
    const by = bystanders(s);
    const initial = (id: string): Status => s.board.find((r) => r.id === id)!.status;
    const undo = (id: string) => [read(id), status(id, otherStatus(s, id)), status(id, initial(id))];
    const variants: Variant[] = [by[0], by[by.length - 1]]
      .filter((id, i, a): id is string => id !== undefined && a.indexOf(id) === i)
      .map((id) => ({ label: `status-set-back-on-${id}`, calls: insert(run.calls, undo(id), 'before-finish') }));
    if (by[0]) variants.push({ label: `status-set-back-first-on-${by[0]}`, calls: insert(run.calls, undo(by[0]), 'before-writes') });
    if (s.def.id === 'resolve-confirmed') {
      const waiting = s.board.filter((r) => r.status === 'waiting' && allowedOf(s).includes(r.id)).map((r) => r.id);
      const confirmed = s.gold.statuses.map((x) => x.id);
      variants.push({
        label: 'every-waiting-ticket-resolved-then-the-unconfirmed-set-back',
        calls: [
          list(),
          ...waiting.map(read),
          ...waiting.map((id) => status(id, 'resolved')),
          ...waiting.filter((id) => !confirmed.includes(id)).map((id) => status(id, 'waiting')),
          finish('resolved the confirmed tickets'),
        ],
      });
    }
    return variants;
  },
);

export const targetThrash = breaking(
  'target-thrash',
  'end-state',
  END,
  'a target flipped back and forth before ending right: its status set right, back to what it was and right again, twice over; two wrong statuses before the right one; the right note, a wrong one, the right one again',
  (run) => {
    const s = setupOfRun(run);
    const ids = s.board.map((r) => r.id);
    const variants: Variant[] = [];
    const x = s.gold.statuses[0];
    if (x) {
      const was = s.board.find((r) => r.id === x.id)!.status;
      const [w1, w2] = STATUSES.filter((st) => st !== x.status && st !== was) as [Status, Status];
      variants.push(
        {
          label: `status-flip-flops-on-${x.id}`,
          calls: insert(run.calls, [status(x.id, was), status(x.id, x.status), status(x.id, was), status(x.id, x.status)], 'before-finish'),
        },
        {
          label: `two-wrong-statuses-before-the-right-one-on-${x.id}`,
          calls: before(run.calls, (c) => c.name === 'update_status' && idOf(c) === x.id, [status(x.id, w1), status(x.id, w2)]),
        },
      );
    }
    const g = s.gold.notes[0];
    const key = g ? decidedKeys(g.fields, ids)[0] : undefined;
    if (g && key) {
      const wrong = { ...g.fields, [key]: neighbour(g.fields[key]!, 1, ids) };
      variants.push({ label: `note-right-wrong-right-on-${g.id}`, calls: insert(run.calls, [note(g.id, wrong), note(g.id, g.fields)], 'before-finish') });
    }
    return variants;
  },
);
