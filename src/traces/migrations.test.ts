import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../core/json';
import { HINTS_REVEALED, TRACE_VERSION } from '../core/types';
import { migrateTrace, readableVersions, TRACE_MIGRATIONS, type Migration } from './migrations';

describe('the trace migration registry', () => {
  it('is one step per version, from 1 up to the current version', () => {
    expect(TRACE_MIGRATIONS.map((m) => [m.from, m.to])).toEqual(Array.from({ length: TRACE_VERSION - 1 }, (_, i) => [i + 1, i + 2]));
    expect(readableVersions()).toEqual({ oldest: 1, current: TRACE_VERSION });
  });

  it('v1 → v2: hints a v1 trace was played with become an event counted from the start; none, no events', () => {
    const hinted = migrateTrace({ version: 1, agent: { kind: 'human', name: 'you', hints: true }, steps: [] });
    expect(hinted).toEqual({
      ok: true,
      value: {
        version: 2,
        agent: { kind: 'human', name: 'you', hints: true },
        steps: [],
        events: [expect.objectContaining({ code: HINTS_REVEALED, kind: 'info', layer: null, beforeStep: 0 })],
      },
    });
    expect(migrateTrace({ version: 1, agent: { kind: 'scripted', name: 's' } })).toEqual({
      ok: true,
      value: { version: 2, agent: { kind: 'scripted', name: 's' }, events: [] },
    });
    // A broken v1 document is left for the parse after the migration to locate.
    expect(migrateTrace({ version: 1, agent: 'nobody' })).toEqual({ ok: true, value: { version: 2, agent: 'nobody', events: [] } });
  });

  it('leaves a current document as it is', () => {
    const doc = { version: TRACE_VERSION, events: [] };
    expect(migrateTrace(doc)).toEqual({ ok: true, value: doc });
  });
});

describe('migrating through a registry', () => {
  // A made-up history of three versions, so chaining, order and gaps are tested beyond the one real step.
  const log =
    (tag: string) =>
    (doc: JsonObject): JsonObject => ({ ...doc, log: [...(Array.isArray(doc.log) ? doc.log : []), tag] });
  const steps: Migration[] = [
    { from: 2, to: 3, change: 'b', migrate: log('2→3') },
    { from: 1, to: 2, change: 'a', migrate: log('1→2') },
  ];

  it('runs every step from the document version up, in order, and stamps each version', () => {
    expect(migrateTrace({ version: 1 }, steps, 3)).toEqual({ ok: true, value: { version: 3, log: ['1→2', '2→3'] } });
    expect(migrateTrace({ version: 2 }, steps, 3)).toEqual({ ok: true, value: { version: 3, log: ['2→3'] } });
  });

  it.each([
    [{ version: 4 }, 'version 4 was written by a newer verifier-playground; this build reads versions 1 to 3: open it in a newer build'],
    [{ version: 0 }, 'version 0 is not a trace version (this build reads versions 1 to 3)'],
    [{ version: '2' }, 'version "2" is not a trace version (this build reads versions 1 to 3)'],
    [{ version: 1.5 }, 'version 1.5 is not a trace version (this build reads versions 1 to 3)'],
    [{}, 'version missing is not a trace version (this build reads versions 1 to 3)'],
  ])('refuses %j: %s', (doc, error) => {
    expect(migrateTrace(doc, steps, 3)).toEqual({ ok: false, error });
  });

  it('refuses a version whose step was dropped, saying which versions it reads', () => {
    const dropped = steps.filter((s) => s.from !== 1);
    expect(readableVersions(dropped, 3)).toEqual({ oldest: 2, current: 3 });
    expect(migrateTrace({ version: 1 }, dropped, 3)).toEqual({ ok: false, error: 'version 1 is no longer supported (this build reads versions 2 to 3)' });
  });
});
