import { ChatError } from './errors';

const KiB = 1024;
const MiB = 1024 * KiB;

/** "4 MiB", "64 KiB", "3.2 MiB", "900 bytes". */
export function formatBytes(n: number): string {
  const unit = n >= MiB ? { size: MiB, name: 'MiB' } : n >= KiB ? { size: KiB, name: 'KiB' } : null;
  if (!unit) return `${n} bytes`;
  const v = n / unit.size;
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${unit.name}`;
}

function tooLarge(max: number, how: string, status: number): ChatError {
  return new ChatError(
    'too-large',
    `The model's reply is larger than the ${formatBytes(max)} limit (${how}); nothing was added to the episode. ` +
      'Lower "max tokens", or raise the limit ("max reply (MiB)" in the settings; --max-response-bytes for vp eval), then retry.',
    false,
    status,
  );
}

/**
 * The body as text, read chunk by chunk and refused as soon as it passes
 * `max` bytes: a 60 MB reply is never held whole, so the page never freezes
 * parsing it. `stop` tears the connection down so the rest is not downloaded.
 */
export async function readBounded(res: Response, max: number, stop: () => void): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    stop();
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(max, `it announced ${formatBytes(declared)}`, res.status);
  }
  if (!res.body) {
    const text = await res.text();
    if (new TextEncoder().encode(text).length > max) throw tooLarge(max, 'reading stopped there', res.status);
    return text;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > max) {
      stop();
      await reader.cancel().catch(() => undefined);
      throw tooLarge(max, 'reading stopped there', res.status);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}
