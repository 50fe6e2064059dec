import { readTrace } from '../../traces/native';
import type { Payload, WireLine, WirePayload } from '../workers/importProtocol';
import type { Pause } from './timeSlice';

const utf8 = new TextDecoder();

/** Bytes decoded between two pauses when a big row is opened: a few milliseconds' work. */
export const DECODE_CHUNK = 4 * 1024 * 1024;

/**
 * Whole traces by row id, outside reactive state. The import worker hands
 * each over as its JSON in UTF-8, a view into one buffer per batch (or a native
 * trace's JSONL line, a view into the stream chunk it was read in) that moves
 * to the page without a copy and outside the JavaScript heap. As objects, the
 * same traces were rebuilt on the main thread field by field when the message
 * was read, and as strings they were copied into the heap and collected: for
 * 10,000 traces, seconds of the page's time in tasks of hundreds of
 * milliseconds. A payload is decoded when its row is first read (opened,
 * exported, re-scored), then kept decoded.
 */
export class PayloadStore {
  private readonly held = new Map<string, WirePayload>();

  set(id: string, payload: WirePayload): void {
    this.held.set(id, payload);
  }

  get(id: string): Payload | undefined {
    const held = this.held.get(id);
    if (held === undefined) return held;
    let wire: Payload | WireLine;
    // Our own worker's JSON of a Payload or a WireLine, or a line it read (workers/importPayload.ts): parsed as what it was.
    if (typeof held === 'string' || held instanceof Uint8Array) wire = JSON.parse(typeof held === 'string' ? held : utf8.decode(held)) as Payload | WireLine;
    else if (held.kind === 'line') wire = { kind: 'native', fromLine: JSON.parse(utf8.decode(held.bytes)) };
    else return held;
    const payload = fromWire(wire);
    this.held.set(id, payload);
    return payload;
  }

  /** Whether `get` answers without decoding a big row first (then `load` is the way to read it). */
  quick(id: string): boolean {
    const held = this.held.get(id);
    return !(held instanceof Uint8Array) || held.length <= DECODE_CHUNK;
  }

  /**
   * The payload decoded with the main thread handed back between pieces (`pause`): a 64 MiB
   * row's UTF-8 was one 110–150 ms task decoded and parsed at once. The join of the pieces and
   * the parse are whole, each in a task of its own.
   * The same as `get` after it resolves.
   */
  async load(id: string, pause: Pause): Promise<Payload | undefined> {
    const held = this.held.get(id);
    if (this.quick(id) || !(held instanceof Uint8Array)) return this.get(id);
    const decoder = new TextDecoder();
    const parts: string[] = [];
    for (let at = 0; at < held.length; at += DECODE_CHUNK) {
      const end = Math.min(held.length, at + DECODE_CHUNK);
      // Streaming: a character split between two pieces is decoded whole.
      parts.push(decoder.decode(held.subarray(at, end), { stream: end < held.length }));
      await pause();
    }
    // Joining 64 MiB and parsing it take a task each (40–80 ms on a busy machine): neither shares one.
    await pause(true);
    const text = parts.join('');
    // The pieces go now, not when this function ends: 64 MiB more to hold through the parse.
    parts.length = 0;
    await pause(true);
    // Removed or replaced while it was decoded: the store's own answer, not this one.
    if (this.held.get(id) !== held) return this.get(id);
    this.held.set(id, text);
    return this.get(id);
  }

  delete(id: string): void {
    this.held.delete(id);
  }
}

/**
 * A native trace sent as the JSONL line it was read from is read here by the reader the worker read it with: the
 * same function on the same value gives the same trace, which the worker already accepted (its row is listed).
 */
function fromWire(p: Payload | WireLine): Payload {
  if (!('fromLine' in p)) return p;
  const read = readTrace(p.fromLine);
  // Unreachable while the page and its worker are one build: the worker listed the row only after this read passed.
  if (!read.ok) throw new Error(`a listed trace no longer reads: ${read.error}`);
  return { kind: 'native', trace: read.value };
}
