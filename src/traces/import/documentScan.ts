import { LineSplitter, type Line, type SplitterState } from './lines';

/** String.prototype.trim's whitespace and line terminators, by UTF-16 code unit. */
export function isTrimSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }

/** What the lines a chunk completed add up to. */
export interface Scanned {
  /** The number of the last line completed (0: none). */
  lastLine: number;
  /** The completed lines' characters as the line reader counts a document (a line it dropped as the cap), one more per line. */
  chars: number;
  /** Completed lines whose first and last characters other than whitespace are `{` and `}`, cut out, in order. */
  candidates: Line[];
}

/**
 * A pretty-printed JSON document read after its first chunk without cutting it
 * into lines: the text is kept as it came, and each line is only measured — its
 * number, its length, and whether it could stand alone as a JSON object (its
 * first and last characters other than whitespace are `{` and `}`). Only such a
 * line is cut out, for the importer to decide whether the input is JSONL after
 * all. A document's lines are not capped (LineSplitter.setCap): only one
 * the splitter had already dropped before the scan began counts as dropped.
 * Numbers and lengths are LineSplitter's, which `replay` gives back line by line
 * when the importer needs them (an error to locate, a dropped line, JSONL after
 * all). For a 3.4 MB Inspect log, cutting its 78,000 lines and joining them again
 * was ~40 ms of the ~80 ms import in Node; measuring them is ~9.
 */
export class DocumentScanner {
  /** The text after the splitter's state, as it came. */
  private readonly rest: string[] = [];
  private lineNumber: number;
  // The unfinished line: its length with a trailing CR, its first and last characters other than whitespace (-1: none yet),
  // whether it ends with CR, whether the splitter dropped it before the scan, and where it starts in `rest` (chunk -1: in
  // the splitter's state) — a candidate's text is cut from there, not kept twice while it streams.
  private chars: number;
  private first = -1;
  private last = -1;
  private cr = false;
  private over: boolean;
  private lineChunk = -1;
  private lineOffset = 0;
  /** A completed line was dropped by the splitter before the scan (the document is then read line by line, as it was split). */
  droppedLine = false;

  constructor(
    private readonly maxLineChars: number,
    private readonly start: SplitterState,
  ) {
    this.lineNumber = start.lineNumber;
    this.chars = start.pendingChars;
    this.over = start.oversized;
    for (const piece of start.pending) this.measure(piece, 0, piece.length);
  }

  push(chunk: string): Scanned {
    const at = this.rest.push(chunk) - 1;
    const out: Scanned = { lastLine: 0, chars: 0, candidates: [] };
    let from = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', from)) {
      this.chars += nl - from;
      this.measure(chunk, from, nl);
      this.end(out, at, nl);
      from = nl + 1;
      this.lineChunk = at;
      this.lineOffset = from;
    }
    if (from < chunk.length) {
      this.chars += chunk.length - from;
      this.measure(chunk, from, chunk.length);
    }
    return out;
  }

  /** End of input: the last line, when the input does not end with a newline. */
  finish(): Scanned {
    const out: Scanned = { lastLine: 0, chars: 0, candidates: [] };
    const last = this.rest.length - 1;
    if (this.chars > 0 || this.over) this.end(out, last, last < 0 ? 0 : this.rest[last]!.length);
    return out;
  }

  /** The text after the splitter's state, whole (the state's unfinished line first). */
  text(): string {
    return this.start.pending.join('') + this.rest.join('');
  }

  /**
   * The same text line by line, as the splitter would have given it, and the splitter that goes on from there:
   * lines over the cap dropped when it is read as JSONL after all (`capped`), kept when it is still a document.
   */
  replay(final: boolean, capped: boolean): { lines: Line[]; splitter: LineSplitter } {
    const splitter = LineSplitter.resume(capped ? this.maxLineChars : Infinity, this.start);
    const lines = this.rest.flatMap((chunk) => splitter.push(chunk));
    if (final) lines.push(...splitter.finish());
    return { lines, splitter };
  }

  /** Notes characters [from, to) of the unfinished line (its length is already counted). */
  private measure(text: string, from: number, to: number): void {
    if (from === to) return;
    if (this.first < 0) {
      let i = from;
      while (i < to && isTrimSpace(text.charCodeAt(i))) i++;
      if (i < to) this.first = text.charCodeAt(i);
    }
    // The last character matters only to a line that opens with `{` (a line all whitespace so far has none to find).
    if (this.first === OPEN) {
      let j = to - 1;
      while (j >= from && isTrimSpace(text.charCodeAt(j))) j--;
      if (j >= from) this.last = text.charCodeAt(j);
    }
    this.cr = text.charCodeAt(to - 1) === 13;
  }

  /** The unfinished line's text up to chunk `endChunk` of `rest`, character `endOffset`. */
  private lineText(endChunk: number, endOffset: number): string {
    const parts = this.lineChunk < 0 ? [...this.start.pending] : [];
    for (let i = Math.max(0, this.lineChunk); i <= endChunk; i++) {
      const chunk = this.rest[i]!;
      parts.push(chunk.slice(i === this.lineChunk ? this.lineOffset : 0, i === endChunk ? endOffset : chunk.length));
    }
    return parts.join('');
  }

  /** Completes the unfinished line, which ends at chunk `endChunk` of `rest`, character `endOffset`. */
  private end(out: Scanned, endChunk: number, endOffset: number): void {
    // As LineSplitter: one trailing CR is not content.
    const content = this.chars - (this.cr ? 1 : 0);
    const dropped = this.over;
    if (dropped) this.droppedLine = true;
    out.chars += (dropped ? this.maxLineChars : content) + 1;
    if (!dropped && this.first === OPEN && this.last === CLOSE) out.candidates.push({ number: this.lineNumber, text: this.lineText(endChunk, endOffset) });
    out.lastLine = this.lineNumber++;
    this.chars = 0;
    this.first = -1;
    this.last = -1;
    this.cr = false;
    this.over = false;
  }
}
