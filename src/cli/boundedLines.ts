import { LIMITS, overLimit } from '../core/limits';

/** A line longer than the limit: counted as it streamed past, never held. */
export interface OverlongLine {
  overlong: true;
  /** 1-based line number. */
  line: number;
  /** Bytes it had when it ended (or when input ended inside it). */
  bytes: number;
  /** The message naming the limit and the line. */
  message: string;
}

export type BoundedLine = string | OverlongLine;

export const isOverlong = (l: BoundedLine): l is OverlongLine => typeof l !== 'string';

/**
 * Lines of a byte stream, each held only up to `maxBytes`: a longer line is
 * skipped as it arrives (its bytes are counted and dropped) and reported once
 * it ends, so a 512 MiB line costs one chunk of memory, not a RangeError.
 * CRLF and LF both end a line; the text is UTF-8.
 */
export async function* boundedLines(input: AsyncIterable<Uint8Array | string>, maxBytes: number = LIMITS.stdinLineBytes.value, what = 'stdin'): AsyncGenerator<BoundedLine> {
  const decoder = new TextDecoder('utf-8');
  let parts: Uint8Array[] = [];
  let held = 0;
  let dropped = 0;
  let line = 0;
  const end = (): BoundedLine => {
    line++;
    if (dropped > 0) {
      const bytes = dropped;
      dropped = 0;
      parts = [];
      held = 0;
      return { overlong: true, line, bytes, message: overLimit('stdinLineBytes', `${what} line ${line}`, `${bytes.toLocaleString('en-US')} bytes`, maxBytes) };
    }
    const whole = new Uint8Array(held);
    let at = 0;
    for (const p of parts) {
      whole.set(p, at);
      at += p.length;
    }
    parts = [];
    held = 0;
    return decoder.decode(whole).replace(/\r$/, '');
  };
  const take = (bytes: Uint8Array) => {
    if (dropped > 0) dropped += bytes.length;
    else if (held + bytes.length > maxBytes) {
      dropped = held + bytes.length;
      parts = [];
      held = 0;
    } else if (bytes.length > 0) {
      parts.push(bytes.slice());
      held += bytes.length;
    }
  };
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    let from = 0;
    for (let nl = bytes.indexOf(10, from); nl >= 0; nl = bytes.indexOf(10, from)) {
      take(bytes.subarray(from, nl));
      yield end();
      from = nl + 1;
    }
    take(bytes.subarray(from));
  }
  if (held > 0 || dropped > 0) yield end();
}
