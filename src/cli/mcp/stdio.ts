import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, RequestIdSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { LIMITS } from '../../core/limits';
import { isOverlong, LineCutter, type BoundedLine } from '../boundedLines';

/** JSON-RPC 2.0's own error codes. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The id of a message the error answers, if it has one a reply may carry (a string or an integer); else none. */
function idOf(v: unknown): RequestId | undefined {
  const id = isObject(v) ? RequestIdSchema.safeParse(v.id) : undefined;
  return id?.success ? id.data : undefined;
}

export interface LineTransportOptions {
  /** One message's bytes (stdinLineBytes unless a test narrows it). */
  maxMessageBytes?: number;
  /** Requests read and not yet answered before stdin is paused (mcpPendingRequests). */
  maxPending?: number;
  /** A limit was reached: the message naming it, for stderr and the episode's record. */
  onLimit?(message: string): void;
}

const isRequest = (m: JSONRPCMessage) => 'method' in m && 'id' in m;

/**
 * MCP's stdio framing (one JSON-RPC message per line) that answers what the
 * SDK's stdio transport drops: a line that is not JSON gets −32700 (Parse
 * error), one that is not a JSON-RPC message −32600 (a batch array too: MCP
 * has had none since 2025-06-18, and an array reply is no message a client
 * reads), and a tools/call whose params are not an object −32602.
 * Everything else goes to the server as it came.
 *
 * An error whose request id cannot be read carries no `id`: JSON-RPC 2.0 says
 * `null`, but MCP's schema (2025-11-25 and 2026-07-28: `id?: RequestId`) and
 * the SDK's JSONRPCErrorResponseSchema take an absent id and refuse `null`.
 * An id that is not a string or an integer is no id either.
 *
 * Bounded (core/limits.ts): a line over `stdinLineBytes` is skipped as it
 * streams (never buffered), answered with −32600 naming the limit and the line,
 * and reported through `onLimit`; the connection stays open (the SDK's closed it
 * without a word). Once `mcpPendingRequests` requests wait for their reply to be
 * written, stdin is paused until they drain: a client that sends without reading
 * costs a bounded amount of memory.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private started = false;
  private closed = false;
  private readonly cutter: LineCutter;
  private readonly maxPending: number;
  /** Lines cut but not yet handed on (stdin is paused while replies drain). */
  private queue: BoundedLine[] = [];
  private pending = 0;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly options: LineTransportOptions = {},
  ) {
    this.cutter = new LineCutter(options.maxMessageBytes ?? LIMITS.stdinLineBytes.value, 'MCP message on stdin');
    this.maxPending = options.maxPending ?? LIMITS.mcpPendingRequests.value;
  }

  /** Requests read whose replies are not written yet. */
  get waiting(): number {
    return this.pending;
  }

  private readonly onData = (chunk: Buffer | string) => {
    for (const line of this.cutter.push(typeof chunk === 'string' ? chunk : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)))
      this.queue.push(line);
    this.drain();
  };

  private drain(): void {
    while (this.queue.length > 0 && this.pending < this.maxPending && !this.closed) {
      const line = this.queue.shift()!;
      if (isOverlong(line)) {
        this.options.onLimit?.(line.message);
        this.fail(undefined, INVALID_REQUEST, line.message);
      } else if (line.trim() !== '') this.line(line);
    }
    if (this.pending >= this.maxPending || this.queue.length > 0) this.stdin.pause();
    else if (!this.closed) this.stdin.resume();
  }

  private readonly onError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    if (this.started) throw new Error('LineTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
  }

  private line(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return this.fail(undefined, PARSE_ERROR, `Parse error: the line is not JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    if (Array.isArray(value)) return this.fail(undefined, INVALID_REQUEST, 'Invalid Request: a batch (JSON array); MCP takes one message per line');
    if (!isObject(value))
      return this.fail(undefined, INVALID_REQUEST, `Invalid Request: ${value === null ? 'null' : `a JSON ${typeof value}`}, not a JSON-RPC message object`);
    if (value.method === 'tools/call' && 'id' in value && !isObject(value.params))
      return this.fail(idOf(value), INVALID_PARAMS, 'Invalid params: tools/call takes an object {name, arguments}');
    const message = JSONRPCMessageSchema.safeParse(value);
    if (!message.success) return this.fail(idOf(value), INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response');
    if (isRequest(message.data)) this.pending++;
    this.onmessage?.(message.data);
  }

  private fail(id: RequestId | undefined, code: number, message: string): void {
    this.write({ jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message } });
  }

  private write(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value)}\n`);
  }

  /** Resolves once the stream has taken the line (its callback), not merely queued it: that is what frees a pending slot. */
  async send(message: JSONRPCMessage): Promise<void> {
    const reply = 'id' in message && ('result' in message || 'error' in message);
    await new Promise<void>((resolve) => {
      if (this.closed) return resolve();
      this.stdout.write(`${JSON.stringify(message)}\n`, () => resolve());
    });
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
