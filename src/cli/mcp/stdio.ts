import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC 2.0's own error codes. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const idOf = (v: unknown): string | number | null => (isObject(v) && (typeof v.id === 'string' || typeof v.id === 'number') ? v.id : null);

/**
 * MCP's stdio framing (one JSON-RPC message per line) that answers what the
 * SDK's stdio transport drops: a line that is not JSON gets −32700 (Parse
 * error) with id null, one that is not a JSON-RPC message −32600, and a
 * tools/call whose params are not an object −32602, as JSON-RPC 2.0 says.
 * Everything else goes to the server as it came.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private buffer = '';
  private started = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
  ) {}

  private readonly onData = (chunk: Buffer | string) => {
    this.buffer += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    for (let cut = this.buffer.indexOf('\n'); cut >= 0; cut = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, cut).replace(/\r$/, '');
      this.buffer = this.buffer.slice(cut + 1);
      if (line.trim() !== '') this.line(line);
    }
  };

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
      return this.fail(null, PARSE_ERROR, `Parse error: the line is not JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    if (isObject(value) && value.method === 'tools/call' && 'id' in value && !isObject(value.params))
      return this.fail(idOf(value), INVALID_PARAMS, 'Invalid params: tools/call takes an object {name, arguments}');
    const message = JSONRPCMessageSchema.safeParse(value);
    if (!message.success) return this.fail(idOf(value), INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response');
    this.onmessage?.(message.data);
  }

  private fail(id: string | number | null, code: number, message: string): void {
    this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  private write(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value)}\n`);
  }

  send(message: JSONRPCMessage): Promise<void> {
    // Wait for a full pipe to drain, as the SDK's stdio transport does.
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    this.buffer = '';
    this.onclose?.();
  }
}
