import { isJsonObject, type Json, type JsonObject } from '../core/json';
import { err, ok, type Result } from '../core/result';
import { HINTS_REVEALED, TRACE_VERSION } from '../core/types';

/**
 * The trace format's history, one numbered step per change. A file of any version
 * a step starts from is read by running the steps from its version up to
 * TRACE_VERSION, then parsing the result as the current format; a newer file is
 * refused, never guessed at. Steps run on the raw document, before it is parsed:
 * each changes only what its version changed and copes with a document that is
 * not well formed (the parse after it reports where). Every version keeps a frozen
 * fixture in `fixtures/` that the tests read, replay and re-score forward.
 */
export interface Migration {
  from: number;
  /** Always from + 1: a format change is one step. */
  to: number;
  /** What the new version added or changed. */
  change: string;
  /** The document as version `to`; `version` is set by the caller. */
  migrate(doc: JsonObject): JsonObject;
}

/** v1 had only `agent.hints`, not when they were revealed: counted from the start, the reading that claims least for the player. */
function episodeEvents(doc: JsonObject): JsonObject {
  const hinted = isJsonObject(doc.agent) && doc.agent.hints === true;
  const events: Json[] = hinted
    ? [
        {
          code: HINTS_REVEALED,
          kind: 'info',
          layer: null,
          message: "The verifier's events were shown to the player (a version 1 trace does not say from which step, so from the start).",
          beforeStep: 0,
        },
      ]
    : [];
  return { ...doc, events };
}

export const TRACE_MIGRATIONS: readonly Migration[] = [
  { from: 1, to: 2, change: 'episode events (`events`, each with `beforeStep`): hints revealed during play', migrate: episodeEvents },
];

/** The versions a registry reads: from its oldest step up to `current`. */
export function readableVersions(steps: readonly Migration[] = TRACE_MIGRATIONS, current: number = TRACE_VERSION): { oldest: number; current: number } {
  let oldest = current;
  while (steps.some((s) => s.to === oldest)) oldest--;
  return { oldest, current };
}

const describe = (v: unknown) => (v === undefined ? 'missing' : JSON.stringify(v));

/**
 * A document of any readable version as the current version, or why it cannot be
 * read. The error names the version and what this build reads, for a person
 * who opened a newer build's file in an older one.
 */
export function migrateTrace(doc: JsonObject, steps: readonly Migration[] = TRACE_MIGRATIONS, current: number = TRACE_VERSION): Result<JsonObject> {
  const version = doc.version;
  const { oldest } = readableVersions(steps, current);
  const reads = oldest === current ? `version ${current}` : `versions ${oldest} to ${current}`;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return err(`version ${describe(version)} is not a trace version (this build reads ${reads})`);
  if (version > current) return err(`version ${version} was written by a newer verifier-playground; this build reads ${reads}: open it in a newer build`);
  let out = doc;
  for (let v = version; v < current; v++) {
    const step = steps.find((s) => s.from === v);
    if (!step || step.to !== v + 1) return err(`version ${version} is no longer supported (this build reads ${reads})`);
    out = { ...step.migrate(out), version: step.to };
  }
  return ok(out);
}
