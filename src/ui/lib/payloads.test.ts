import { describe, expect, it } from 'vitest';
import type { Payload } from '../workers/importProtocol';
import { PayloadStore } from './payloads';

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
});
