import { isJsonObject, type Json } from '../../core/json';

/**
 * Key names that hold credentials. Traces never carry one by design; this is
 * the second line of defence for whatever a future field, an `info` blob or
 * imported metadata (base_url with a key, headers) might smuggle into an export.
 */
const SECRET_KEY = /^(api[-_]?key|x[-_]api[-_]key|authorization|proxy[-_]authorization|access[-_]?token|refresh[-_]?token|bearer|password|secret|client[-_]?secret|cookie|set[-_]cookie)$/i;

/** Provider key shapes (OpenAI/Anthropic/OpenRouter sk-…, Google AIza…, HF hf_…, "Bearer …") inside any string. */
const SECRET_VALUE = /\b(sk-[A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{30,}|hf_[A-Za-z0-9]{30,})\b|\bBearer\s+[A-Za-z0-9._~+/=-]{16,}/g;

export const REDACTED = '[redacted]';

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A copy without credential-named keys and with key-shaped strings redacted. Iterative: exports can be deep. */
export function scrubSecrets(value: Json): Json {
  const root: { v: Json } = { v: null };
  const stack: { src: Json; set: (v: Json) => void }[] = [{ src: value, set: (v) => (root.v = v) }];
  while (stack.length > 0) {
    const { src, set } = stack.pop()!;
    if (typeof src === 'string') set(src.replace(SECRET_VALUE, REDACTED));
    else if (Array.isArray(src)) {
      const out: Json[] = new Array<Json>(src.length).fill(null);
      set(out);
      src.forEach((x, i) => stack.push({ src: x, set: (v) => (out[i] = v) }));
    } else if (isJsonObject(src)) {
      const out: Record<string, Json> = {};
      set(out);
      for (const [k, x] of Object.entries(src)) {
        if (isSecretKey(k)) continue;
        out[k] = null;
        stack.push({ src: x, set: (v) => (out[k] = v) });
      }
    } else set(src);
  }
  return root.v;
}
