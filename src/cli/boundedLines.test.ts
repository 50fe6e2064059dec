import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { faultApiWorld } from '../worlds/fault-api/index';
import { boundedLines, type BoundedLine } from './boundedLines';
import { playLines } from './commands/play';

async function all(input: AsyncIterable<Uint8Array | string>, max: number): Promise<BoundedLine[]> {
  const out: BoundedLine[] = [];
  for await (const l of boundedLines(input, max)) out.push(l);
  return out;
}

/** `n` bytes of "x" in chunks of 64 KiB, made as they are read: the test never holds the whole line either. */
async function* longLine(n: number, after: string): AsyncGenerator<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x78);
  for (let sent = 0; sent < n; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, n - sent));
  yield new TextEncoder().encode(after);
}

describe('stdin lines, bounded', () => {
  it('splits on LF and CRLF across chunk edges, UTF-8 split mid-character included', async () => {
    const bytes = new TextEncoder().encode('a\r\nbé\n\nc');
    const chunks = [bytes.subarray(0, 2), bytes.subarray(2, 5), bytes.subarray(5)];
    expect(await all(Readable.from(chunks), 100)).toEqual(['a', 'bé', '', 'c']);
  });

  it('a line over the limit is dropped as it streams and reported by number; the next line reads', async () => {
    const out = await all(longLine(300 * 1024, '\n{"ok":1}\n'), 256 * 1024);
    expect(out).toEqual([
      {
        overlong: true,
        line: 1,
        bytes: 300 * 1024,
        message: 'stdin line 1: 307,200 bytes, over the stdinLineBytes limit of 256 KiB (one line on stdin: a `vp play` call, an MCP message)',
      },
      '{"ok":1}',
    ]);
  });

  it('vp play answers an over-long line with the limit and goes on with the episode', async () => {
    const made = faultApiWorld.makeTask({ profile: 'clean', seed: 2 });
    if (!made.ok) throw new Error(made.error);
    const sent: string[] = [];
    await playLines(faultApiWorld, made.value, boundedLines(longLine(2 * 1024 * 1024, '\n{"name":"fetch_page","arguments":{}}\n'), 1024 * 1024), (l) =>
      sent.push(l),
    );
    const lines = sent.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[1]).toEqual({
      ok: false,
      content: expect.stringMatching(/^stdin line 1: 2,097,152 bytes, over the stdinLineBytes limit of 1 MiB/),
      done: false,
    });
    expect(lines[2]).toMatchObject({ ok: true, done: false });
    expect(lines.at(-1)).toMatchObject({ done: true, scorecard: { stop: 'abandoned' } });
  });
});

describe('deep arguments', () => {
  it('vp play answers a call nested past jsonDepth without running it (it was "the world failed: Maximum call stack size exceeded")', async () => {
    const made = faultApiWorld.makeTask({ profile: 'clean', seed: 2 });
    if (!made.ok) throw new Error(made.error);
    const deep = `{"name":"fetch_page","arguments":{"cursor":${'['.repeat(20_000)}1${']'.repeat(20_000)}}}`;
    const sent: string[] = [];
    async function* lines() {
      yield deep;
      yield '{"name":"fetch_page","arguments":{}}';
    }
    await playLines(faultApiWorld, made.value, lines(), (l) => sent.push(l));
    const out = sent.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out[1]).toEqual({ ok: false, content: 'arguments nested deeper than 128 levels (the jsonDepth limit): not run', done: false });
    expect(out[2]).toMatchObject({ ok: true, done: false });
  });
});
