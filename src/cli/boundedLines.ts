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
 * Cuts bytes into lines, each held only up to `maxBytes`: a longer line is
 * skipped as it arrives (its bytes are counted and dropped) and reported once
 * it ends, so a 512 MiB line costs one chunk of memory, not a RangeError.
 * CRLF and LF both end a line; the text is UTF-8.
 */
export class LineCutter {
  private readonly decoder = new TextDecoder('utf-8');
  private parts: Uint8Array[] = [];
  private held = 0;
  private dropped = 0;
  private line = 0;

  constructor(
    private readonly maxBytes: number = LIMITS.stdinLineBytes.value,
    private readonly what = 'stdin',
  ) {}

  /** The lines this chunk completes. */
  push(chunk: Uint8Array | string): BoundedLine[] {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    const out: BoundedLine[] = [];
    let from = 0;
    for (let nl = bytes.indexOf(10, from); nl >= 0; nl = bytes.indexOf(10, from)) {
      this.take(bytes.subarray(from, nl));
      out.push(this.cut());
      from = nl + 1;
    }
    this.take(bytes.subarray(from));
    return out;
  }

  /** End of input: the last line, if it did not end with a newline. */
  end(): BoundedLine[] {
    return this.held > 0 || this.dropped > 0 ? [this.cut()] : [];
  }

  private take(bytes: Uint8Array): void {
    if (this.dropped > 0) this.dropped += bytes.length;
    else if (this.held + bytes.length > this.maxBytes) {
      this.dropped = this.held + bytes.length;
      this.parts = [];
      this.held = 0;
    } else if (bytes.length > 0) {
      this.parts.push(bytes.slice());
      this.held += bytes.length;
    }
  }

  private cut(): BoundedLine {
    this.line++;
    if (this.dropped > 0) {
      const bytes = this.dropped;
      this.dropped = 0;
      return {
        overlong: true,
        line: this.line,
        bytes,
        message: overLimit('stdinLineBytes', `${this.what} line ${this.line}`, `${bytes.toLocaleString('en-US')} bytes`, this.maxBytes),
      };
    }
    const whole = new Uint8Array(this.held);
    let at = 0;
    for (const p of this.parts) {
      whole.set(p, at);
      at += p.length;
    }
    this.parts = [];
    this.held = 0;
    return this.decoder.decode(whole).replace(/\r$/, '');
  }
}

/** The lines of a byte stream through a LineCutter (`vp play`'s stdin). */
export async function* boundedLines(
  input: AsyncIterable<Uint8Array | string>,
  maxBytes: number = LIMITS.stdinLineBytes.value,
  what = 'stdin',
): AsyncGenerator<BoundedLine> {
  const cutter = new LineCutter(maxBytes, what);
  for await (const chunk of input) yield* cutter.push(chunk);
  yield* cutter.end();
}
