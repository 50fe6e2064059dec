import { describe, expect, it } from 'vitest';
import { requestPort } from './importWorkers';

describe('requestPort', () => {
  it('sends the worker one end of a channel first; what is posted on the other reaches the worker on that end, in order', async () => {
    const sent: { message: unknown; transfer: Transferable[] }[] = [];
    const worker = { postMessage: (message: unknown, transfer: Transferable[]) => void sent.push({ message, transfer }) };
    const port = requestPort(worker as Pick<Worker, 'postMessage'>);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toEqual({ kind: 'port' });
    const [theirs] = sent[0]!.transfer as MessagePort[];
    expect(theirs).toBeInstanceOf(MessagePort);
    expect(theirs).not.toBe(port);
    // The worker's end queues what comes before it listens, as a worker's port does until its onmessage is set.
    port.postMessage({ kind: 'url', url: 'https://example.test/a.jsonl', batch: 'b1' });
    port.postMessage({ kind: 'url', url: 'https://example.test/b.jsonl', batch: 'b2' });
    const got = await new Promise<unknown[]>((resolve) => {
      const seen: unknown[] = [];
      theirs!.onmessage = (e) => {
        seen.push(e.data);
        if (seen.length === 2) resolve(seen);
      };
    });
    expect(got).toEqual([
      { kind: 'url', url: 'https://example.test/a.jsonl', batch: 'b1' },
      { kind: 'url', url: 'https://example.test/b.jsonl', batch: 'b2' },
    ]);
    // Nothing else went to the worker itself.
    expect(sent).toHaveLength(1);
    port.close();
    theirs!.close();
  });
});
