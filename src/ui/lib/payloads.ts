import type { Payload, WirePayload } from '../workers/importProtocol';

const utf8 = new TextDecoder();

/**
 * Whole traces by row id, outside reactive state. The import worker hands
 * each over as its JSON in UTF-8, a view into one buffer per batch that moves
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
    if (held === undefined || !(typeof held === 'string' || held instanceof Uint8Array)) return held;
    // Our own worker's JSON of a Payload (import.worker.ts), not input from outside: parsed as what it was.
    const payload = JSON.parse(typeof held === 'string' ? held : utf8.decode(held)) as Payload;
    this.held.set(id, payload);
    return payload;
  }

  delete(id: string): void {
    this.held.delete(id);
  }
}
