/** A line of input, numbered from 1; `text` is null when it was over the length cap and dropped. */
export interface Line {
  number: number;
  text: string | null;
}

/** Where a splitter stands between two chunks: the unfinished line and its number. */
export interface SplitterState {
  /** The unfinished line's text so far, in pieces (none once it is over the cap). */
  pending: string[];
  /** Its length so far, a trailing CR included. */
  pendingChars: number;
  /** It went over the cap: its text is dropped. */
  oversized: boolean;
  /** The unfinished line's number. */
  lineNumber: number;
}

/**
 * Splits text chunks into lines however the chunks are cut: a line (or a CRLF
 * pair, or a leading BOM) may straddle any number of chunks. Lines over the cap
 * are dropped while they stream, so a 2 GB line never sits in memory — a JSONL
 * row's cap. A JSON document's lines are kept whatever their length once the
 * reader lifts the cap (`setCap(Infinity)`): the whole input's cap bounds them,
 * and a pretty-printed log's one long string (an attachment) is part of it.
 */
export class LineSplitter {
  private pending: string[] = [];
  private pendingChars = 0;
  private oversized = false;
  private started = false;
  private lineNumber = 1;
  private cap: number;

  constructor(maxLineChars: number) {
    this.cap = maxLineChars;
  }

  /** A splitter that goes on from `state` (after a chunk: the BOM is behind it), dropping lines over `maxLineChars`. */
  static resume(maxLineChars: number, state: SplitterState): LineSplitter {
    const s = new LineSplitter(maxLineChars);
    s.started = true;
    s.pending = [...state.pending];
    s.pendingChars = state.pendingChars;
    s.oversized = state.oversized;
    s.lineNumber = state.lineNumber;
    return s;
  }

  /** Where this splitter stands, for another reader to go on from (this one is not used after). */
  state(): SplitterState {
    return { pending: [...this.pending], pendingChars: this.pendingChars, oversized: this.oversized, lineNumber: this.lineNumber };
  }

  /** From the next character on, lines over `chars` are dropped (Infinity: none; a line already dropped stays so). */
  setCap(chars: number): void {
    this.cap = chars;
  }

  push(chunk: string): Line[] {
    return [...this.lines(chunk)];
  }

  /** `push`, one line at a time: a reader that changes the cap on a line (`setCap`) changes it for the lines after it. */
  *lines(chunk: string): Generator<Line, void, undefined> {
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      this.append(chunk.slice(start, nl));
      start = nl + 1;
      yield this.take();
    }
    if (start < chunk.length) this.append(chunk.slice(start));
  }

  /** The last line, when the input does not end with a newline. */
  finish(): Line[] {
    return this.pendingChars > 0 || this.oversized ? [this.take()] : [];
  }

  private append(part: string): void {
    if (this.oversized || part.length === 0) return;
    this.pendingChars += part.length;
    // +1: the CR of a CRLF ending is not content, so a line exactly at the cap still fits.
    if (this.pendingChars > this.cap + 1) {
      this.oversized = true;
      this.pending = [];
    } else this.pending.push(part);
  }

  private take(): Line {
    let text: string | null = null;
    if (!this.oversized) {
      text = this.pending.join('');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (text.length > this.cap) text = null;
    }
    const line = { number: this.lineNumber++, text };
    this.pending = [];
    this.pendingChars = 0;
    this.oversized = false;
    return line;
  }
}
