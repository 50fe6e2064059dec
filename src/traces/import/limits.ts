import { LIMITS } from '../../core/limits';

/**
 * What the importer refuses, stated once so the UI and the CLI can print it.
 * Sizes count UTF-16 characters (what a decoded chunk is), close to bytes for JSON.
 */
export interface ImportLimits {
  /** One line of JSONL (one rollout or trace). */
  maxLineChars: number;
  /** The whole input, and a pretty-printed single document. */
  maxTotalChars: number;
  /** Nesting of arrays and objects; deeper input is refused before anything walks it recursively. */
  maxDepth: number;
  /** Issues listed one by one; the rest are counted. */
  maxIssues: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: ImportLimits = {
  maxLineChars: LIMITS.lineChars.value,
  // A browser tab holds the text, the parsed rows and the table: a few hundred MB is the practical budget.
  maxTotalChars: LIMITS.fileChars.value,
  // Real rows nest about 12 deep (info.oai_tools[].function.parameters.properties.x.items...); 128 leaves room.
  maxDepth: LIMITS.jsonDepth.value,
  maxIssues: 1000,
};

export function describeSize(chars: number): string {
  return chars >= MiB ? `${Math.round((chars / MiB) * 10) / 10} MiB` : `${Math.ceil(chars / 1024)} KiB`;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/**
 * A literal U+FFFD means the decoder met bytes that were not UTF-8: Python's
 * json and pandas escape non-ASCII, and our exports escape U+FFFD, so real
 * files never hold one. JSON.parse would accept it, so it is checked first.
 */
export function undecodable(text: string): string | null {
  const bad = text.indexOf('\uFFFD');
  return bad < 0 ? null : `invalid UTF-8 (undecodable bytes at column ${bad + 1}): the file is not UTF-8 text`;
}

/**
 * Why text that failed to parse is binary rather than broken JSON. JSON allows
 * no raw control characters besides whitespace, so JSON.parse already rejects
 * them: this only names the cause, and is run after a failure, not on every line.
 */
export function binaryProblem(text: string): string | null {
  const control = CONTROL.exec(text);
  if (control) {
    const code = control[0].charCodeAt(0);
    const what = code === 0 ? 'NUL byte' : `control byte 0x${code.toString(16).padStart(2, '0').toUpperCase()}`;
    return `binary data (${what} at column ${control.index + 1}): not a text file`;
  }
  return undecodable(text);
}

/**
 * Nesting deeper than the limit. JSON.parse copes with deep nesting, but every recursive walk after it (normalising,
 * cloning for postMessage, rendering) would not. Walks containers only. Up to RECURSE_DEPTH levels it recurses, at
 * most that many frames deep (it stops one level past the limit): in a fresh Chromium worker, 10,000 parsed traces
 * took 114-119 ms against 186-311 ms with a stack of its own and an array of each object's values. A larger limit
 * (a caller's own) is walked with that stack.
 */
export function tooDeep(root: unknown, maxDepth: number): string | null {
  if (typeof root !== 'object' || root === null) return null;
  const deep = maxDepth <= RECURSE_DEPTH ? deeper(root, 1, maxDepth) : deeperWithStack(root, maxDepth);
  return deep ? `nested deeper than ${maxDepth} levels` : null;
}

/** The deepest limit `tooDeep` recurses for: frames enough for any engine's stack. */
const RECURSE_DEPTH = 1000;

function deeper(v: object, depth: number, maxDepth: number): boolean {
  if (depth > maxDepth) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const c: unknown = v[i];
      if (typeof c === 'object' && c !== null && deeper(c, depth + 1, maxDepth)) return true;
    }
  } else {
    // A parsed value's own keys (JSON.parse's objects inherit nothing enumerable).
    for (const k in v) {
      const c: unknown = (v as Record<string, unknown>)[k];
      if (typeof c === 'object' && c !== null && deeper(c, depth + 1, maxDepth)) return true;
    }
  }
  return false;
}

function deeperWithStack(root: object, maxDepth: number): boolean {
  const values: unknown[] = [root];
  const depths: number[] = [1];
  while (values.length > 0) {
    const v = values.pop();
    const d = depths.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d > maxDepth) return true;
    const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
    for (const c of children)
      if (typeof c === 'object' && c !== null) {
        values.push(c);
        depths.push(d + 1);
      }
  }
  return false;
}
