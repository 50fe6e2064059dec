import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTrace } from '../../traces/native';
import type { Payload } from '../workers/importProtocol';
import { DECODE_CHUNK, PayloadStore } from './payloads';

const payload: Payload = { kind: 'vf', rollout: { exampleId: 7, prompt: [], completion: [{ role: 'assistant', content: 'done — ✓ 12 €' }] } as never };

describe('PayloadStore', () => {
  it('reads a payload given as the worker sends it (UTF-8 bytes in a shared buffer) or as JSON text, decoding it once', () => {
    const store = new PayloadStore();
    const json = JSON.stringify(payload);
    const bytes = new TextEncoder().encode(`${json}${json}`);
    // Two rows' views into one buffer, as a batch arrives.
    const half = bytes.length / 2;
    store.set('a', bytes.subarray(0, half));
    store.set('b', bytes.subarray(half));
    store.set('c', json);
    for (const id of ['a', 'b', 'c']) expect(store.get(id), id).toEqual(payload);
    expect(store.get('a')).toBe(store.get('a'));
    expect(store.get('c')).toBe(store.get('c'));
  });

  it('keeps a payload given as objects as it is, and forgets a deleted one', () => {
    const store = new PayloadStore();
    store.set('x', payload);
    expect(store.get('x')).toBe(payload);
    store.delete('x');
    expect(store.get('x')).toBeUndefined();
    expect(store.get('never')).toBeUndefined();
  });

  describe('load: a big row decoded in pieces, the main thread handed back between them', () => {
    // Two- and three-byte characters, so pieces end inside a character.
    const big: Payload = {
      kind: 'vf',
      rollout: { exampleId: 1, prompt: [], completion: [{ role: 'assistant', content: 'é€✓ '.repeat((2.5 * DECODE_CHUNK) / 9) }] } as never,
    };
    const bytes = new TextEncoder().encode(JSON.stringify(big));

    it('reads what get reads, pausing between pieces, and keeps it decoded', async () => {
      expect(bytes.length).toBeGreaterThan(2 * DECODE_CHUNK);
      const store = new PayloadStore();
      store.set('big', bytes);
      expect(store.quick('big')).toBe(false);
      let pauses = 0;
      let forced = 0;
      const read = await store.load('big', async (now) => void (pauses++, now && forced++));
      expect(read).toEqual(big);
      // After each piece, and a task of its own for the join and for the parse.
      expect(pauses).toBe(Math.ceil(bytes.length / DECODE_CHUNK) + 2);
      expect(forced).toBe(2);
      expect(store.quick('big')).toBe(true);
      expect(store.get('big')).toBe(read);
    });

    it('reads a small row at once, without pausing', async () => {
      const store = new PayloadStore();
      store.set('small', new TextEncoder().encode(JSON.stringify(payload)));
      expect(store.quick('small')).toBe(true);
      let pauses = 0;
      expect(await store.load('small', async () => void pauses++)).toEqual(payload);
      expect(pauses).toBe(0);
    });

    it('a row removed or replaced while it was decoded answers as the store holds it now', async () => {
      const store = new PayloadStore();
      store.set('big', bytes);
      let n = 0;
      const removing = store.load('big', async () => void (++n === 2 && store.delete('big')));
      expect(await removing).toBeUndefined();
      store.set('big', bytes);
      let m = 0;
      const replacing = store.load('big', async () => void (++m === 2 && store.set('big', payload)));
      expect(await replacing).toBe(payload);
    });

    it('stops where the pause rejects (the view was left); the row is still there to read', async () => {
      const store = new PayloadStore();
      store.set('big', bytes);
      await expect(
        store.load('big', async () => {
          throw new DOMException('left', 'AbortError');
        }),
      ).rejects.toMatchObject({ name: 'AbortError' });
      expect(store.quick('big')).toBe(false);
      expect(store.get('big')).toEqual(big);
    });
  });

  describe('a native trace sent as the JSONL line it was read from (WireLine)', () => {
    // An older version with a field the reader drops: what the row holds is the trace read, not the line's JSON.
    const v1 = JSON.parse(readFileSync(new URL('../../traces/fixtures/native-v1-fault-api.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const line = JSON.stringify({ ...v1, unknownField: 'dropped by the reader' });
    const read = readTrace(JSON.parse(line));
    if (!read.ok) throw new Error(read.error);
    const wire = (json: string) => new TextEncoder().encode(`{"kind":"native","fromLine":${json}}`);

    it('reads the line with the trace reader: the row is the trace the worker listed', () => {
      const store = new PayloadStore();
      store.set('row', wire(line));
      const got = store.get('row');
      expect(got).toEqual({ kind: 'native', trace: read.value });
      expect(got && 'trace' in got && 'unknownField' in got.trace).toBe(false);
      expect(store.get('row')).toBe(got);
    });

    it('a big one is read the same way after its pieces are decoded', async () => {
      const big = JSON.stringify({ ...v1, meta: { note: 'é€✓ '.repeat((1.5 * DECODE_CHUNK) / 9) } });
      const expected = readTrace(JSON.parse(big));
      if (!expected.ok) throw new Error(expected.error);
      const store = new PayloadStore();
      store.set('big', wire(big));
      expect(store.quick('big')).toBe(false);
      expect(await store.load('big', async () => undefined)).toEqual({ kind: 'native', trace: expected.value });
    });

    it('a line that does not read as a trace (never one the worker listed) is an error, not a row', () => {
      const store = new PayloadStore();
      store.set('bad', wire('{"format":"something else"}'));
      expect(() => store.get('bad')).toThrow(/a listed trace no longer reads/);
    });
  });
});
