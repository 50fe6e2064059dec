import { uniform, uniformInt } from '../../core/hash';
import { FAULT_RATES, pagesNeeded, type FaultApiParams } from './params';

/** Which faults fire on request `index`: a pure function of (seed, index, kind). */
export interface RequestFaults {
  timeout: boolean;
  cursorRepeat: boolean;
  typeDrift: boolean;
  /** The total reported, when inflated; null when truthful. */
  inflatedTotal: number | null;
}

// Salts are constants: the hash keys on (seed, request index, fault kind).
const SALT = {
  timeout: 'fault.timeout',
  repeat: 'fault.cursor-repeat',
  drift: 'fault.type-drift',
  total: 'fault.inflated-total',
  totalExtra: 'fault.inflated-total.extra',
  scheduled: 'fault.timeout.scheduled',
} as const;

const draw = (p: FaultApiParams, index: number, salt: string, rate: number) => rate > 0 && index >= 0 && uniform(p.seed, index, salt) < rate;

function scheduled(p: FaultApiParams, index: number): boolean {
  return FAULT_RATES[p.profile].scheduledTimeout && index === uniformInt(p.seed, 0, SALT.scheduled, 0, pagesNeeded(p) - 1);
}

/** A random fault that costs the agent a request (timeout or cursor repeat) was drawn. */
function drawnStrike(p: FaultApiParams, index: number): boolean {
  const r = FAULT_RATES[p.profile];
  return draw(p, index, SALT.timeout, r.timeout) || draw(p, index, SALT.repeat, r.cursorRepeat);
}

/**
 * Faults that cost a request never strike two requests in a row: a drawn strike
 * is dropped when one was drawn (or scheduled) just before, or one is scheduled
 * just after. So every page is served by its second try at the latest, and a
 * careful agent always fits in a quota of 2 × pages — for every seed, not just
 * the calibrated ones.
 */
function strikes(p: FaultApiParams, index: number): boolean {
  return drawnStrike(p, index) && !drawnStrike(p, index - 1) && !scheduled(p, index - 1) && !scheduled(p, index + 1);
}

export function faultsFor(p: FaultApiParams, index: number): RequestFaults {
  const rates = FAULT_RATES[p.profile];
  const strike = strikes(p, index);
  const timeout = scheduled(p, index) || (strike && draw(p, index, SALT.timeout, rates.timeout));
  return {
    timeout,
    cursorRepeat: strike && !timeout,
    typeDrift: draw(p, index, SALT.drift, rates.typeDrift),
    inflatedTotal: draw(p, index, SALT.total, rates.inflatedTotal)
      ? p.numRecords + uniformInt(p.seed, index, SALT.totalExtra, 1, Math.max(1, Math.ceil(p.numRecords / 4)))
      : null,
  };
}
