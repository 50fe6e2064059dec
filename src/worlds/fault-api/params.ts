import { isJsonObject, type JsonObject } from '../../core/json';
import { err, ok, type Result } from '../../core/result';

export const PROFILES = ['clean', 'realistic', 'hostile'] as const;
export type Profile = (typeof PROFILES)[number];

/**
 * Per-request fault probabilities and the quota multiplier. Tuned so that the
 * 60-seed calibration reproduces the seed's difficulty curve (docs/worlds.md table):
 * careful 1.00 everywhere, naive ~0.6 realistic / ~0.4 hostile, stubborn
 * losing only to budget_discipline on hostile.
 */
export interface FaultRates {
  cursorRepeat: number;
  inflatedTotal: number;
  typeDrift: number;
  timeout: number;
  /** quota = ceil(multiplier × pages needed); null = no quota. */
  quotaMultiplier: number | null;
  /**
   * Also time out one request, placed by hash among the first `pages needed`
   * requests, so every episode of the profile meets a timeout however the
   * per-request draws fall (a profile hostile in name only teaches nothing).
   */
  scheduledTimeout: boolean;
}

export const FAULT_RATES: Record<Profile, FaultRates> = {
  clean: { cursorRepeat: 0, inflatedTotal: 0, typeDrift: 0, timeout: 0, quotaMultiplier: null, scheduledTimeout: false },
  realistic: { cursorRepeat: 0.08, inflatedTotal: 0.1, typeDrift: 0.25, timeout: 0.1, quotaMultiplier: 2.0, scheduledTimeout: false },
  hostile: { cursorRepeat: 0.1, inflatedTotal: 0.5, typeDrift: 0.35, timeout: 0.1, quotaMultiplier: 2.2, scheduledTimeout: true },
};

export interface FaultApiParams {
  profile: Profile;
  seed: number;
  numRecords: number;
  pageSize: number;
  maxTurns: number;
}

export const DEFAULTS = { numRecords: 40, pageSize: 4, maxTurns: 30 } as const;

function intField(spec: JsonObject, key: string, fallback: number, min: number, max: number): Result<number> {
  const v = spec[key];
  if (v === undefined || v === null) return ok(fallback);
  if (typeof v !== 'number' || !Number.isInteger(v)) return err(`task.${key} must be an integer, got ${JSON.stringify(v)}`);
  if (v < min || v > max) return err(`task.${key} must be between ${min} and ${max}, got ${v}`);
  return ok(v);
}

const KNOWN_KEYS = new Set(['world', 'id', 'profile', 'seed', 'num_records', 'page_size', 'max_turns']);

export function parseParams(spec: unknown): Result<FaultApiParams> {
  if (!isJsonObject(spec)) return err('a fault-api task must be a JSON object like {"profile": "hostile", "seed": 1}');
  for (const key of Object.keys(spec)) {
    if (!KNOWN_KEYS.has(key)) return err(`unknown fault-api task field "${key}" (known: profile, seed, num_records, page_size, max_turns)`);
  }
  const profile = spec.profile ?? 'realistic';
  if (typeof profile !== 'string' || !(PROFILES as readonly string[]).includes(profile))
    return err(`task.profile must be one of ${PROFILES.join(', ')}, got ${JSON.stringify(profile)}`);
  const seed = intField(spec, 'seed', 1, 0, 2 ** 31 - 1);
  if (!seed.ok) return seed;
  const numRecords = intField(spec, 'num_records', DEFAULTS.numRecords, 1, 10000);
  if (!numRecords.ok) return numRecords;
  const pageSize = intField(spec, 'page_size', DEFAULTS.pageSize, 1, 1000);
  if (!pageSize.ok) return pageSize;
  const maxTurns = intField(spec, 'max_turns', DEFAULTS.maxTurns, 1, 10000);
  if (!maxTurns.ok) return maxTurns;
  return ok({ profile: profile as Profile, seed: seed.value, numRecords: numRecords.value, pageSize: pageSize.value, maxTurns: maxTurns.value });
}

export function pagesNeeded(p: Pick<FaultApiParams, 'numRecords' | 'pageSize'>): number {
  return Math.ceil(p.numRecords / p.pageSize);
}

export function quotaFor(p: FaultApiParams): number | null {
  const m = FAULT_RATES[p.profile].quotaMultiplier;
  // Integer tenths avoid 2.2 × 10 = 22.000000000000004 → 23.
  return m === null ? null : Math.ceil((Math.round(m * 10) * pagesNeeded(p)) / 10);
}

/** The canonical spec: every field spelled out, so traces name the task exactly. */
export function specOf(p: FaultApiParams): JsonObject {
  return { profile: p.profile, seed: p.seed, num_records: p.numRecords, page_size: p.pageSize, max_turns: p.maxTurns };
}
