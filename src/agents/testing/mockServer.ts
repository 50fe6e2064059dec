import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** One scripted tool call. `arguments` as text is sent verbatim (so it can be broken JSON). */
export interface MockCall {
  name: string;
  arguments: unknown;
  id?: string;
}

/** What the mock answers to one request: a completion, or one way of failing. */
export type MockReply =
  | { kind: 'tool-calls'; calls: MockCall[]; content?: string | null; usage?: MockUsage | null; finishReason?: string }
  | { kind: 'prose'; content: string; usage?: MockUsage | null }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'raw'; body: string; status?: number; contentType?: string }
  | { kind: 'empty-choices' }
  | { kind: 'slow'; ms: number; then: MockReply }
  | { kind: 'drop-connection' }
  /** A completion of `bytes` bytes (the prose padded), written in chunks as the client reads them. */
  | { kind: 'stream'; bytes: number; chunkBytes?: number; contentLength?: boolean };

/** How far a 'stream' reply got: a client that refuses early leaves `complete` false and `sent` short of `bytes`. */
export interface StreamRecord {
  bytes: number;
  sent: number;
  complete: boolean;
}

export interface MockUsage {
  prompt: number;
  completion: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  rawBody: string;
  /** The parsed body, or null when it was not JSON. */
  body: unknown;
}

export type Responder = (request: RecordedRequest, index: number) => MockReply | Promise<MockReply>;

export interface MockServerOptions {
  /** Replies in order (a 500 once they run out), or a function of the request. */
  respond: MockReply[] | Responder;
  /** Answer CORS preflights and allow any origin, for browser tests. Off by default. */
  cors?: boolean;
}

export interface MockServer {
  /** The base URL to configure: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** Every request received, preflights included, in order. */
  requests: RecordedRequest[];
  /** The /chat/completions POSTs only. */
  completions(): RecordedRequest[];
  /** Every 'stream' reply, in order. */
  streams: StreamRecord[];
  setResponder(respond: MockReply[] | Responder): void;
  close(): Promise<void>;
}

/** A deterministic usage figure: about 4 characters a token, like the usual tokenizers. */
export const estimateUsage = (rawBody: string): MockUsage => ({ prompt: Math.ceil(rawBody.length / 4), completion: 20 });

function completionBody(reply: Extract<MockReply, { kind: 'tool-calls' | 'prose' }>, usage: MockUsage | null): string {
  const message: Record<string, unknown> = { role: 'assistant', content: reply.content ?? null };
  let finish = 'stop';
  if (reply.kind === 'tool-calls') {
    message.tool_calls = reply.calls.map((c, i) => ({
      ...(c.id === undefined ? { id: `call_${i}` } : c.id === '' ? {} : { id: c.id }),
      type: 'function',
      function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
    }));
    finish = reply.finishReason ?? 'tool_calls';
  }
  const body: Record<string, unknown> = {
    id: 'chatcmpl-mock',
    object: 'chat.completion',
    model: 'mock',
    choices: [{ index: 0, message, finish_reason: finish }],
  };
  if (usage) body.usage = { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion };
  return JSON.stringify(body);
}

// Allows whatever headers the preflight asks for, as a server configured for the person's extra headers would.
const corsHeaders = (req: RecordedRequest) => ({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] || 'Content-Type, Authorization',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
});

const STREAM_HEAD = '{"id":"chatcmpl-mock","object":"chat.completion","model":"mock","choices":[{"index":0,"message":{"role":"assistant","content":"';
const STREAM_TAIL = '"},"finish_reason":"stop"}]}';

/** Writes a padded completion chunk by chunk, waiting for the client to drain each; stops when it hangs up. */
function stream(res: ServerResponse, reply: Extract<MockReply, { kind: 'stream' }>, cors: Record<string, string>, record: StreamRecord): void {
  const chunk = reply.chunkBytes ?? 64 * 1024;
  const filler = Buffer.alloc(chunk, 'x');
  let left = Math.max(0, reply.bytes - STREAM_HEAD.length - STREAM_TAIL.length);
  record.bytes = STREAM_HEAD.length + left + STREAM_TAIL.length;
  res.writeHead(200, { 'Content-Type': 'application/json', ...cors, ...(reply.contentLength ? { 'Content-Length': String(record.bytes) } : {}) });
  const write = (b: Buffer | string) => {
    record.sent += b.length;
    return res.write(b);
  };
  write(STREAM_HEAD);
  const pump = () => {
    while (left > 0) {
      if (res.destroyed) return;
      const n = Math.min(chunk, left);
      left -= n;
      if (!write(n === chunk ? filler : filler.subarray(0, n))) return void res.once('drain', pump);
    }
    if (res.destroyed) return;
    write(STREAM_TAIL);
    res.end();
    record.complete = true;
  };
  pump();
}

export async function startMockServer(opts: MockServerOptions): Promise<MockServer> {
  let respond = opts.respond;
  const requests: RecordedRequest[] = [];
  const streams: StreamRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let completionCount = 0;

  const send = (res: ServerResponse, reply: MockReply, req: RecordedRequest): void => {
    if (res.destroyed) return;
    const cors = opts.cors ? corsHeaders(req) : {};
    switch (reply.kind) {
      case 'slow': {
        const t = setTimeout(() => {
          timers.delete(t);
          send(res, reply.then, req);
        }, reply.ms);
        timers.add(t);
        return;
      }
      case 'drop-connection':
        res.socket?.destroy();
        return;
      case 'stream': {
        const record: StreamRecord = { bytes: 0, sent: 0, complete: false };
        streams.push(record);
        stream(res, reply, cors, record);
        return;
      }
      case 'status':
        res.writeHead(reply.status, { 'Content-Type': 'application/json', ...cors, ...reply.headers });
        res.end(reply.body ?? JSON.stringify({ error: { message: `mock status ${reply.status}` } }));
        return;
      case 'raw':
        res.writeHead(reply.status ?? 200, { 'Content-Type': reply.contentType ?? 'application/json', ...cors });
        res.end(reply.body);
        return;
      case 'empty-choices':
        res.writeHead(200, { 'Content-Type': 'application/json', ...cors });
        res.end(JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion', choices: [] }));
        return;
      default: {
        const usage = reply.usage === undefined ? estimateUsage(req.rawBody) : reply.usage;
        res.writeHead(200, { 'Content-Type': 'application/json', ...cors });
        res.end(completionBody(reply, usage));
      }
    }
  };

  const next = (req: RecordedRequest): MockReply | Promise<MockReply> => {
    const index = completionCount++;
    if (typeof respond === 'function') return respond(req, index);
    return respond.shift() ?? { kind: 'status', status: 500, body: JSON.stringify({ error: { message: 'mock script exhausted' } }) };
  };

  const handle = (req: IncomingMessage, res: ServerResponse, rawBody: string): void => {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = null;
    }
    const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers, rawBody, body };
    requests.push(recorded);
    if (req.method === 'OPTIONS') {
      res.writeHead(opts.cors ? 204 : 405, opts.cors ? corsHeaders(recorded) : {});
      res.end();
      return;
    }
    // The path alone: a base URL may carry query parameters (e.g. ?key=…), which the request keeps.
    if (req.method !== 'POST' || recorded.path.split('?')[0] !== '/v1/chat/completions') {
      res.writeHead(404, { 'Content-Type': 'application/json', ...(opts.cors ? corsHeaders(recorded) : {}) });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    void Promise.resolve(next(recorded)).then(
      (reply) => send(res, reply, recorded),
      (e: unknown) => send(res, { kind: 'status', status: 500, body: JSON.stringify({ error: { message: String(e) } }) }, recorded),
    );
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    streams,
    completions: () => requests.filter((r) => r.method === 'POST' && r.path.split('?')[0] === '/v1/chat/completions'),
    setResponder: (r) => {
      respond = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
