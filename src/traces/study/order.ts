import { hashString, uniformInt } from '../../core/hash';
import { err, ok, type Result } from '../../core/result';
import type { Study } from './definition';

/** A pseudonym as it is kept: spaces at the ends dropped, runs of spaces made one, composed Unicode. */
export function normalisePseudonym(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/g, ' ');
}

const PSEUDONYM = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;
export const PSEUDONYM_MAX = 40;

/** A pseudonym the participant chose, checked: it names their file and their runs, nothing else. */
export function readPseudonym(raw: string): Result<string> {
  const p = normalisePseudonym(raw);
  if (p === '') return err('choose a pseudonym: any name that is not your own');
  if (p.length > PSEUDONYM_MAX) return err(`a pseudonym has at most ${PSEUDONYM_MAX} characters (this one has ${p.length})`);
  if (!PSEUDONYM.test(p)) return err('a pseudonym is letters, digits, spaces, dots, dashes and underscores, starting with a letter or a digit');
  return ok(p);
}

/**
 * The order in which this participant plays the study's tasks, as indices
 * into `study.tasks`. Shuffled studies draw it from a hash of the study and
 * the pseudonym (Fisher–Yates with seeded integer hashing): the same person
 * gets the same order in any browser, and no clock or random source is read.
 */
export function taskOrder(study: Pick<Study, 'id' | 'order' | 'tasks'>, pseudonym: string): number[] {
  const order = study.tasks.map((_, i) => i);
  if (study.order === 'fixed') return order;
  const seed = hashString(`${study.id}\n${normalisePseudonym(pseudonym)}`);
  for (let i = order.length - 1; i > 0; i--) {
    const j = uniformInt(seed, i, 'study-order', 0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
