import type { JsonObject } from '../../../core/json';

/** A helper's change to the submission, and the sentence that says what it changed. */
export interface Edit {
  rows: JsonObject[];
  note: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Every record the pages showed, appended as {id, amount}. */
export function addSeen(rows: JsonObject[], seen: readonly JsonObject[]): Edit {
  const added = seen.map((s) => ({ id: s.id ?? null, amount: s.amount ?? null }));
  return {
    rows: [...rows, ...added],
    note: `Added ${plural(added.length, 'record')} as the pages sent them: the submission has ${plural(rows.length + added.length, 'row')}.`,
  };
}

/** The first row of each id kept, later ones dropped. */
export function dedupe(rows: JsonObject[]): Edit {
  const kept = rows.filter((x, i) => rows.findIndex((y) => y.id === x.id) === i);
  const dropped = rows.length - kept.length;
  return {
    rows: kept,
    note:
      dropped === 0
        ? `No duplicate ids: nothing dropped (${plural(kept.length, 'row')}).`
        : `Dropped ${plural(dropped, 'duplicate row')} (the first of each id kept): ${plural(kept.length, 'row')} left.`,
  };
}

const INTEGER = /^-?\d+$/;

/** Amounts sent as whole-number text ("1200") made numbers; anything else is left, and counted. */
export function amountsToIntegers(rows: JsonObject[]): Edit {
  let converted = 0;
  let left = 0;
  const out = rows.map((x) => {
    if (typeof x.amount !== 'string') return x;
    if (INTEGER.test(x.amount.trim())) {
      converted++;
      return { ...x, amount: Number(x.amount) };
    }
    left++;
    return x;
  });
  const note =
    converted === 0 && left === 0
      ? 'Every amount is already a number: nothing converted.'
      : `Converted ${plural(converted, 'amount')} from text to integers${left ? `; ${plural(left, 'amount')} in text that is not a whole number left as ${left === 1 ? 'it is' : 'they are'}` : ''}.`;
  return { rows: out, note };
}
