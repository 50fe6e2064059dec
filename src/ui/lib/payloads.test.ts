import { describe, expect, it } from 'vitest';
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
});
