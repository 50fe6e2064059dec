import { mkdtempSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import { exportFiles } from '../../cli/commands/exportFiles';
import { CliError } from '../../cli/io';
import { ZIP_SLIP_IDS } from '../testing/hostile';
import { bufferSource } from './byteSource';
import { importInspectEval } from './importEval';
import { evalZipOf, handLog } from './testing';
import { inspectEvalZip, safeSampleIds } from './writeLog';

/** handLog's first sample under each hostile id (and a second epoch of one of them). */
function hostileLog(): JsonObject {
  const log = handLog();
  const [first] = log.samples as JsonObject[];
  const samples: JsonObject[] = ZIP_SLIP_IDS.map((id) => ({ ...first!, id }));
  samples.push({ ...first!, id: ZIP_SLIP_IDS[0]!, epoch: 2 }, { ...first!, id: 'a_b' }, { ...first!, id: 'a/b' });
  return { ...log, samples, reductions: [{ scorer: 'match', samples: samples.map((s) => ({ value: 1, sample_id: s.id ?? null })) }] };
}

const SAFE_ENTRY = /^samples\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}_epoch_\d+(-\d+)?\.json$/;

describe('an exported .eval is safe to unpack', () => {
  it('every entry name is sanitised, bounded and unique: no "..", no separator, no absolute path', () => {
    const names = Object.keys(unzipSync(inspectEvalZip(hostileLog()))).filter((n) => n.startsWith('samples/'));
    expect(names).toHaveLength(ZIP_SLIP_IDS.length + 3);
    for (const n of names) {
      expect(n).toMatch(SAFE_ENTRY);
      expect(n).not.toContain('..');
    }
    expect(new Set(names).size).toBe(names.length);
    // An id that was already safe keeps its name; "a/b" does not take "a_b"'s.
    expect(names).toContain('samples/ok_epoch_1.json');
    expect(names).toContain('samples/a_b_epoch_1.json');
    expect(names).toContain('samples/a_b-2_epoch_1.json');
  });

  it('the sanitised log reads back whole, each sample with the id it was written under and the original in its metadata', async () => {
    const zip = inspectEvalZip(hostileLog());
    const samples: { id: unknown; original: unknown }[] = [];
    const summary = await importInspectEval(bufferSource(zip), {
      onEvents: (events) => {
        for (const e of events)
          if (e.type === 'item' && e.item.kind === 'vf') samples.push({ id: e.item.rollout.exampleId, original: e.item.rollout.info?.original_id });
      },
    });
    expect(summary.errors).toEqual([]);
    expect(samples).toHaveLength(ZIP_SLIP_IDS.length + 3);
    expect(samples).toContainEqual({ id: 'etc_passwd', original: '../../etc/passwd' });
    expect(samples).toContainEqual({ id: 'ok', original: undefined });
  });

  it('ids already safe are left exactly as they were (numbers too)', () => {
    const ids = safeSampleIds([0, 7, 'w1', 'a-b.c']);
    expect([...ids.values()]).toEqual([0, 7, 'w1', 'a-b.c']);
  });

  it('a failed export leaves no partial file and no placeholder behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vp-export-'));
    const input = join(dir, 'in.eval');
    writeFileSync(input, evalZipOf(handLog()));
    const out = join(dir, 'out.eval');
    const e = await exportFiles([input], 'inspect', out, () => new Date(Date.UTC(2025, 0, 1)), { fileChars: 100 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CliError);
    expect((e as Error).message).toMatch(/^export to .*out\.eval: .* over the exportFileChars limit of 100 .*: nothing was written$/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual(['in.eval']);
    // Within the limit, the file is there whole and nothing else is.
    await exportFiles([input], 'inspect', out, () => new Date(Date.UTC(2025, 0, 1)));
    expect(readdirSync(dir).sort()).toEqual(['in.eval', 'out.eval']);
  });
});
