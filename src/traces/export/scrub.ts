import type { Json } from '../../core/json';

/**
 * Key names that hold credentials. Traces never carry one by design; this is
 * the second line of defence for whatever a future field, an `info` blob or
 * imported metadata (base_url with a key, headers) might smuggle into an export.
 */
const SECRET_KEY =
  /^(api[-_]?key|x[-_]api[-_]key|authorization|proxy[-_]authorization|access[-_]?token|refresh[-_]?token|bearer|password|secret|client[-_]?secret|cookie|set[-_]cookie)$/i;

/** Provider key shapes (OpenAI/Anthropic/OpenRouter sk-…, Google AIza…, HF hf_…, "Bearer …") inside any string. */
const SECRET_VALUE = /\b(sk-[A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{30,}|hf_[A-Za-z0-9]{30,})\b|\bBearer\s+[A-Za-z0-9._~+/=-]{16,}/g;

/** What an exact secret becomes. */
export const MASK = '***';
/** What a key-shaped string nobody named becomes (the pattern layer). */
export const REDACTED = '[redacted]';

/**
 * Shorter values are not matched exactly: masking a 3-letter header value
 * would turn every word containing it into ***, and no hosted provider issues
 * keys this short (theirs are 30+ characters). The credential-named fields and
 * key-shaped strings are still caught by the pattern layer.
 */
export const MIN_SECRET_LENGTH = 8;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

const json = (s: string) => JSON.stringify(s).slice(1, -1);
const csv = (s: string) => s.replace(/"/g, '""');

/**
 * The ways a secret appears once written out: as typed, inside JSON text (once,
 * or twice for tool arguments inside an exported trace), in a URL, in a CSV cell,
 * base64-encoded (standard and URL-safe, at any offset).
 */
function spellings(secret: string): string[] {
  const once = json(secret);
  const twice = json(once);
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  return [secret, once, twice, encodeURIComponent(secret), form, csv(secret), csv(once), csv(twice), ...base64Spellings(secret)];
}

/** Standard base64 of bytes, no padding. Plain code (not btoa/Buffer): the scrubber runs in Node and the page. */
function base64(bytes: Uint8Array): string {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.ceil((Math.min(3, bytes.length - i) * 8) / 6);
    for (let k = 0; k < chars; k++) out += A[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/**
 * What every base64 encoding of a text holding the secret contains, whatever
 * came before it (Basic auth encodes "user:key"): for each of the three byte
 * alignments, the characters made of the secret's bits alone. Standard and
 * URL-safe alphabets both.
 */
function base64Spellings(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const out: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const padded = new Uint8Array(shift + bytes.length);
    padded.set(bytes, shift);
    const encoded = base64(padded);
    // Characters j whose 6 bits lie within the secret's bytes: 6j ≥ 8·shift and 6j + 6 ≤ 8·(shift + n).
    const from = Math.ceil((8 * shift) / 6);
    const to = Math.floor((8 * (shift + bytes.length)) / 6);
    const core = encoded.slice(from, to);
    out.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface Scrubber {
  /** Text with every spelling of every secret masked, then key-shaped strings redacted. */
  text(s: string): string;
  /** A copy of plain data (a trace, a row, a suite) scrubbed in every string and key; credential-named fields dropped. */
  value<T>(v: T): T;
}

/**
 * The one scrubber for everything that leaves memory (IndexedDB, exports,
 * `vp eval --out`, URLs, localStorage): the exact values given — the API key,
 * each extra header value, credentials from the base URL — become ***, and the
 * pattern layer catches provider-shaped keys nobody named.
 */
export function scrubber(secrets: Iterable<string | null | undefined>): Scrubber {
  const forms = new Set<string>();
  for (const s of secrets) if (s && s.length >= MIN_SECRET_LENGTH) for (const f of spellings(s)) forms.add(f);
  // Longest first: a secret that contains another is masked whole, not as "***-rest".
  const exact =
    forms.size === 0
      ? null
      : new RegExp(
          [...forms]
            .sort((a, b) => b.length - a.length)
            .map(escapeRegex)
            .join('|'),
          'g',
        );
  const text = (s: string) => (exact ? s.replace(exact, MASK) : s).replace(SECRET_VALUE, REDACTED);
  return { text, value: <T>(v: T): T => walk(v, text) as T };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Iterative: exports can be deep. Values other than plain objects, arrays and strings are kept as they are. */
function walk(value: unknown, text: (s: string) => string): unknown {
  const root: { v: unknown } = { v: null };
  const stack: { src: unknown; set: (v: unknown) => void }[] = [{ src: value, set: (v) => (root.v = v) }];
  while (stack.length > 0) {
    const { src, set } = stack.pop()!;
    if (typeof src === 'string') set(text(src));
    else if (Array.isArray(src)) {
      const out: unknown[] = new Array<unknown>(src.length).fill(null);
      set(out);
      src.forEach((x, i) => stack.push({ src: x, set: (v) => (out[i] = v) }));
    } else if (isPlainObject(src)) {
      const out: Record<string, unknown> = {};
      set(out);
      for (const [k, x] of Object.entries(src)) {
        if (isSecretKey(k) || x === undefined) continue;
        const key = text(k);
        out[key] = null;
        stack.push({ src: x, set: (v) => (out[key] = v) });
      }
    } else set(src);
  }
  return root.v;
}

/** A copy without credential-named keys, with the given secrets masked and key-shaped strings redacted. */
export function scrubSecrets(value: Json, secrets: Iterable<string> = []): Json {
  return scrubber(secrets).value(value);
}
