import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JsonObject } from '../../core/json';
import type { ImportEvent, ImportSummary, VfRollout } from '../import/types';
import { bufferSource } from './byteSource';
import { importInspectEval } from './importEval';
import { evalZipOf, handLog, localHeader, withDeclaredSize } from './testing';

/**
 * A deflated entry is inflated one of three ways (zipRead.ts, inflateBounded): in one call when its compressed bytes
 * fit one slice (16 KiB), else by the engine's DecompressionStream, else — an engine without one — by the JavaScript
 * inflater a slice at a time. The entries here are over a slice, and each case runs with the engine's decompressor
 * and without it: both read the same bytes, and refuse a lie or damage with the same kind of message.
 */

const SAMPLE = 'samples/w1_epoch_1.json';

/** Text that deflate shrinks little: a sample with it is well over one slice compressed. */
function noise(chars: number): string {
  let x = 11;
  let out = '';
  while (out.length < chars) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += `${(x >>> 4).toString(36)} `;
  }
  return out.slice(0, chars);
}

function bigLog(): JsonObject {
  const log = handLog();
  const [first, ...rest] = log.samples as JsonObject[];
  const messages = [...(first!.messages as JsonObject[]), { role: 'assistant', content: noise(300_000) }];
  return { ...log, samples: [{ ...first!, messages }, ...rest] };
}

async function run(bytes: Uint8Array): Promise<{ rollouts: VfRollout[]; summary: ImportSummary }> {
  const rollouts: VfRollout[] = [];
  const summary = await importInspectEval(bufferSource(bytes), {
    limits: { maxTotalChars: 64 * 1024 * 1024 },
    onEvents: (events: ImportEvent[]) => {
      for (const e of events) if (e.type === 'item' && e.item.kind === 'vf') rollouts.push(e.item.rollout);
    },
  });
  return { rollouts, summary };
}

/** Where an entry's compressed data lies, read from its local header. */
function dataOf(bytes: Uint8Array, name: string): { start: number; length: number } {
  const at = localHeader(bytes, name);
  const v = new DataView(bytes.buffer, bytes.byteOffset + at);
  return { start: at + 30 + v.getUint16(26, true) + v.getUint16(28, true), length: v.getUint32(18, true) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each([
  ['the engine’s DecompressionStream', false],
  ['the JavaScript inflater (an engine without DecompressionStream)', true],
])('an entry over one slice, inflated by %s', (_name, withoutNative) => {
  const prepare = () => {
    if (withoutNative) vi.stubGlobal('DecompressionStream', undefined);
  };

  it('reads the same sample as the log stored uncompressed', async () => {
    const log = bigLog();
    const deflated = evalZipOf(log);
    expect(dataOf(deflated, SAMPLE).length).toBeGreaterThan(64 * 1024);
    prepare();
    const read = await run(deflated);
    expect(read.summary).toMatchObject({ items: 2, errors: [], fatal: null });
    expect(JSON.stringify(read.rollouts[0]!.completion)).toContain(noise(300_000).slice(-2000));
    // The same log written without compression (method 0): nothing to inflate.
    const stored = await run(evalZipOf(log, {}, 0));
    expect(read.rollouts).toEqual(stored.rollouts);
  });

  it('an entry that declares fewer bytes than it inflates to stops at the declared size', async () => {
    const bytes = withDeclaredSize(evalZipOf(bigLog()), SAMPLE, 10);
    prepare();
    const { rollouts, summary } = await run(bytes);
    expect(rollouts.map((r) => r.exampleId)).toEqual(['w2']);
    expect(summary.errors).toEqual([
      { line: 0, severity: 'error', reason: `entry ${SAMPLE} inflates past the 10 bytes its directory entry declares: a damaged zip or a bomb` },
    ]);
  });

  it('damaged data is an error of that entry, and the next one imports', async () => {
    const good = evalZipOf(bigLog());
    const { start, length } = dataOf(good, SAMPLE);
    const bytes = good.slice();
    const middle = start + Math.floor(length / 2);
    bytes.set(
      bytes.subarray(middle, middle + 64).map((b) => b ^ 0xa5),
      middle,
    );
    prepare();
    const { rollouts, summary } = await run(bytes);
    expect(rollouts.map((r) => r.exampleId)).toEqual(['w2']);
    expect(summary.errors).toEqual([
      {
        line: 0,
        severity: 'error',
        reason: expect.stringMatching(new RegExp(`^entry ${SAMPLE}(: its deflate data is damaged| fails its CRC check| holds \\d+ bytes where)`)),
      },
    ]);
  });
});
