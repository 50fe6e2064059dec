import type { Payload, WirePayload } from '../workers/importProtocol';

/**
 * Whole traces by row id, outside reactive state. The import worker hands
 * each over as JSON text: a string crosses to the page as one copy, while the
 * same trace as objects is rebuilt on the main thread field by field when the
 * message is read (for 10,000 traces, seconds of the page's time in tasks of
 * hundreds of milliseconds). A text is decoded when its row is first read
 * (opened, exported, re-scored), then kept decoded.
 */
export class PayloadStore {
  private readonly held = new Map<string, WirePayload>();

  set(id: string, payload: WirePayload): void {
    this.held.set(id, payload);
  }

  get(id: string): Payload | undefined {
    const held = this.held.get(id);
    if (typeof held !== 'string') return held;
    // Our own worker's JSON.stringify of a Payload (import.worker.ts), not input from outside: parsed as what it was.
    const payload = JSON.parse(held) as Payload;
    this.held.set(id, payload);
    return payload;
  }

  delete(id: string): void {
    this.held.delete(id);
  }
}
