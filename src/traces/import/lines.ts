/** A line of input, numbered from 1; `text` is null when it was over the length cap and dropped. */
export interface Line {
  number: number;
  text: string | null;
}

/**
 * Splits text chunks into lines however the chunks are cut: a line (or a CRLF
 * pair, or a leading BOM) may straddle any number of chunks. Lines over the cap
 * are dropped while they stream, so a 2 GB line never sits in memory.
 */
export class LineSplitter {
  private pending: string[] = [];
  private pendingChars = 0;
  private oversized = false;
  private started = false;
  private lineNumber = 1;

  constructor(private readonly maxLineChars: number) {}

  push(chunk: string): Line[] {
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    const out: Line[] = [];
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      this.append(chunk.slice(start, nl));
      out.push(this.take());
      start = nl + 1;
    }
    if (start < chunk.length) this.append(chunk.slice(start));
    return out;
  }

  /** The last line, when the input does not end with a newline. */
  finish(): Line[] {
    return this.pendingChars > 0 || this.oversized ? [this.take()] : [];
  }

  private append(part: string): void {
    if (this.oversized || part.length === 0) return;
    this.pendingChars += part.length;
    // +1: the CR of a CRLF ending is not content, so a line exactly at the cap still fits.
    if (this.pendingChars > this.maxLineChars + 1) {
      this.oversized = true;
      this.pending = [];
    } else this.pending.push(part);
  }

  private take(): Line {
    let text: string | null = null;
    if (!this.oversized) {
      text = this.pending.join('');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (text.length > this.maxLineChars) text = null;
    }
    const line = { number: this.lineNumber++, text };
    this.pending = [];
    this.pendingChars = 0;
    this.oversized = false;
    return line;
  }
}
