import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LIMITS } from '../../core/limits';
import { isOverlong, LineCutter, type BoundedLine } from '../boundedLines';

export interface BoundedStdioOptions {
  /** One message's bytes (stdinLineBytes unless a test narrows it). */
  maxMessageBytes?: number;
  /** Requests read and not yet answered before stdin is paused (mcpPendingRequests). */
  maxPending?: number;
  /** A limit was reached: the message naming it, for stderr and the episode's record. */
  onLimit?(message: string): void;
}

/** JSON-RPC's "Invalid Request": the message was never read, so its id is unknown. */
const INVALID_REQUEST = -32600;

const isRequest = (m: JSONRPCMessage) => 'method' in m && 'id' in m;

/**
 * MCP over stdio, newline-delimited as the SDK's StdioServerTransport, with
 * two bounds it lacks. A message over the size limit is skipped as it streams
 * (never buffered), answered with an error naming the limit and the line, and
 * reported through `onLimit`; the connection stays open (the SDK's closed it
 * without a word). And backpressure: once `maxPending` requests wait for their
 * reply to be written, stdin is paused until they drain, so a client that sends
 * without reading costs a bounded amount of memory.
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly cutter: LineCutter;
  private readonly maxPending: number;
  /** Lines cut but not yet handed on (stdin is paused while the replies drain). */
  private queue: BoundedLine[] = [];
  private pending = 0;
  private closed = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly options: BoundedStdioOptions = {},
  ) {
    this.cutter = new LineCutter(options.maxMessageBytes ?? LIMITS.stdinLineBytes.value, 'MCP message on stdin');
    this.maxPending = options.maxPending ?? LIMITS.mcpPendingRequests.value;
  }

  /** Requests read whose replies are not written yet. */
  get waiting(): number {
    return this.pending;
  }

  private readonly onData = (chunk: Buffer | string) => {
    for (const line of this.cutter.push(typeof chunk === 'string' ? chunk : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))) this.queue.push(line);
    this.drain();
  };

  private readonly onError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
  }

  private drain(): void {
    while (this.queue.length > 0 && this.pending < this.maxPending && !this.closed) this.handle(this.queue.shift()!);
    if (this.pending >= this.maxPending || this.queue.length > 0) this.stdin.pause();
    else if (!this.closed) this.stdin.resume();
  }

  private handle(line: BoundedLine): void {
    if (isOverlong(line)) {
      this.options.onLimit?.(line.message);
      void this.write({ jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message: line.message } });
      return;
    }
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (e) {
      this.onerror?.(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    if (isRequest(message)) this.pending++;
    this.onmessage?.(message);
  }

  /** A JSON line to stdout; resolves once the stream has taken it (its callback), not merely queued it. */
  private write(value: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      this.stdout.write(`${JSON.stringify(value)}\n`, () => resolve());
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const reply = 'id' in message && ('result' in message || 'error' in message);
    await this.write(message);
    if (reply && this.pending > 0) {
      this.pending--;
      this.drain();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.queue = [];
    this.onclose?.();
  }
}
