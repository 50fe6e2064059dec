import { LIMITS } from '../../core/limits';

/** Characters of one field shown before "show all" (core/limits.ts shownChars). */
export const SHOWN_CHARS = LIMITS.shownChars.value;

/** "3.2 MB", "640 kB", "900 characters": how long a text is, in the words of its "show all" button. */
export function describeLength(chars: number): string {
  if (chars >= 1_000_000) return `${(chars / 1_000_000).toFixed(1)} MB`;
  if (chars >= 1_000) return `${Math.round(chars / 1_000)} kB`;
  return `${chars} characters`;
}

/** Where the k-th piece of `size` characters starts, never splitting a surrogate pair. */
function pieceStart(text: string, k: number, size: number): number {
  let at = Math.min(text.length, k * size);
  const c = text.charCodeAt(at);
  if (at > 0 && at < text.length && c >= 0xdc00 && c <= 0xdfff) at--;
  return at;
}

/** How many pieces of `size` characters `text` has. */
export const pieceCount = (text: string, size: number) => Math.max(1, Math.ceil(text.length / size));

/** The k-th piece: sliced when drawn, so a 64 MB text is never copied whole. */
export const piece = (text: string, k: number, size: number) => text.slice(pieceStart(text, k, size), pieceStart(text, k + 1, size));

/**
 * Indented JSON of `value`, written no further than `max` characters: a
 * 64 MB argument object costs what is shown, not its whole text. Iterative
 * (deep values do not recurse). `complete` says whether all of it fitted.
 */
export function jsonPreview(value: unknown, max: number = SHOWN_CHARS): { text: string; complete: boolean } {
  const out: string[] = [];
  let length = 0;
  const emit = (s: string) => {
    out.push(s);
    length += s.length;
  };
  // A container is walked one member at a time, so an array of 200,000 calls costs what is shown.
  type Frame =
    | { kind: 'value'; v: unknown; indent: string }
    | { kind: 'members'; v: unknown[] | Record<string, unknown>; keys: string[] | null; i: number; indent: string };
  const stack: Frame[] = [{ kind: 'value', v: value, indent: '' }];
  while (stack.length > 0 && length <= max) {
    const f = stack[stack.length - 1]!;
    if (f.kind === 'members') {
      const n = f.keys ? f.keys.length : (f.v as unknown[]).length;
      const inner = `${f.indent}  `;
      if (f.i >= n) {
        stack.pop();
        emit(`\n${f.indent}${Array.isArray(f.v) ? ']' : '}'}`);
        continue;
      }
      const k = f.keys ? f.keys[f.i]! : null;
      const x = k === null ? (f.v as unknown[])[f.i] : (f.v as Record<string, unknown>)[k];
      emit(`${f.i > 0 ? ',\n' : '\n'}${inner}${k === null ? '' : `${JSON.stringify(k)}: `}`);
      f.i++;
      stack.push({ kind: 'value', v: x, indent: inner });
      continue;
    }
    stack.pop();
    const { v, indent } = f;
    if (Array.isArray(v)) {
      if (v.length === 0) emit('[]');
      else {
        emit('[');
        stack.push({ kind: 'members', v, keys: null, i: 0, indent });
      }
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined);
      if (keys.length === 0) emit('{}');
      else {
        emit('{');
        stack.push({ kind: 'members', v: v as Record<string, unknown>, keys, i: 0, indent });
      }
    } else if (typeof v === 'string') {
      // A long string is cut before it is escaped: JSON.stringify of 64 MB is the cost being avoided.
      const room = max - length + 2;
      emit(v.length > room ? `${JSON.stringify(v.slice(0, Math.max(0, room))).slice(0, -1)}…` : JSON.stringify(v));
    } else emit(JSON.stringify(v ?? null));
  }
  const text = out.join('');
  const complete = stack.length === 0 && length <= max;
  return { text: complete ? text : `${text.slice(0, max)}…`, complete };
}

/** Characters of one tool call's arguments shown before "show all". */
export const SHOWN_ARGUMENT_CHARS = 2_000;

/**
 * Where each page of a message list starts: at most `maxCount` messages and
 * about `maxChars` shown characters a page. The trace view virtualizes pages,
 * not messages: a virtualizer re-walks its items whenever one is measured, so
 * 100,000 items cost ~200 ms a scroll and 4,000 pages a few.
 */
export function messagePages(shownChars: readonly number[], maxCount = 25, maxChars = 40_000): number[] {
  const starts: number[] = [];
  let count = 0;
  let chars = 0;
  shownChars.forEach((c, i) => {
    if (i === 0 || count >= maxCount || chars + c > maxChars) {
      starts.push(i);
      count = 0;
      chars = 0;
    }
    count++;
    chars += c;
  });
  return starts;
}
