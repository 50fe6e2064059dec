import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ReadResourceRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type GetPromptResult,
  type Implementation,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ListToolsResult,
  type ReadResourceResult,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import type { Json } from '../../core/json';

/**
 * MCP 2026-07-28, the stateless revision, beside the SDK's handshake-based
 * server on one connection (a "dual-era" server in the specification's words).
 *
 * The SDK (1.32.2) speaks 2025-11-25 and earlier: it answers server/discover
 * with −32601, and serves a tools/call that arrives without initialize in the
 * 2025 shape (no resultType). So 2026-07-28 requests are answered here, before
 * the SDK sees them, from the same episode the SDK's handlers serve; the rest
 * (initialize and everything after it, notifications, responses) goes to the
 * SDK as it came. A request is 2026-era when its `_meta` names a protocol
 * version, or when it is server/discover (only that era has it); initialize
 * always selects the 2025 era, as the specification's dual-era server does.
 */

export const MODERN_VERSION = '2026-07-28';
/** The revisions a request's `_meta` may name: what server/discover and −32022 offer. */
export const MODERN_VERSIONS = [MODERN_VERSION];
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** UnsupportedProtocolVersionError: data {supported, requested}. */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** A prompt or resource the episode does not have: −32602 in 2026-07-28 (the SDK's handlers answer −32603 with the message). */
export class NotFound extends Error {
  constructor(
    message: string,
    readonly data: Record<string, string>,
  ) {
    super(message);
  }
}

/** What one episode serves, to either era. */
export interface EpisodeEndpoints {
  serverInfo: Implementation;
  capabilities: ServerCapabilities;
  instructions: string;
  listTools(): ListToolsResult;
  /** Runs in arrival order with every other call, whichever era sent it. */
  callTool(name: string, args: Json): Promise<CallToolResult>;
  listPrompts(): ListPromptsResult;
  getPrompt(name: string): GetPromptResult;
  listResources(): ListResourcesResult;
  listResourceTemplates(): ListResourceTemplatesResult;
  readResource(uri: string): ReadResourceResult;
  /** The client's self-reported name (`_meta` clientInfo): the trace's agent when no initialize named one. */
  clientSaid(name: string): void;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const metaOf = (m: JSONRPCMessage): unknown => ('params' in m && isObject(m.params) ? m.params._meta : undefined);

/** The per-request keys only 2026-07-28 has: any one makes a request that era's (and one missing the others malformed, −32602). */
const MODERN_KEYS = [META_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES, META_CLIENT_INFO];

export function isModernRequest(m: JSONRPCMessage): m is JSONRPCRequest {
  if (!('method' in m) || !('id' in m) || m.method === 'initialize') return false;
  const meta = metaOf(m);
  return m.method === 'server/discover' || (isObject(meta) && MODERN_KEYS.some((k) => k in meta));
}

/**
 * The episode's results do not change while it is served, but nothing says how
 * long a process will serve this task: every cacheable result is stale at once.
 */
const CACHE = { ttlMs: 0, cacheScope: 'private' as const };

class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const needs = (ok: boolean, what: string) => {
  if (!ok) throw new Refusal(INVALID_PARAMS, `Invalid params: ${what}`);
};

function checkMeta(request: JSONRPCRequest, ep: EpisodeEndpoints): void {
  const meta = metaOf(request);
  const version = isObject(meta) ? meta[META_PROTOCOL_VERSION] : undefined;
  needs(typeof version === 'string', `a ${MODERN_VERSION} request carries _meta["${META_PROTOCOL_VERSION}"], a string`);
  if (!MODERN_VERSIONS.includes(version as string))
    throw new Refusal(
      UNSUPPORTED_PROTOCOL_VERSION,
      `Unsupported protocol version ${JSON.stringify(version)}: per-request _meta speaks ${MODERN_VERSIONS.join(', ')}; ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')} are spoken after initialize`,
      { supported: MODERN_VERSIONS, requested: version },
    );
  needs(isObject((meta as Record<string, unknown>)[META_CLIENT_CAPABILITIES]), `_meta["${META_CLIENT_CAPABILITIES}"] is required, an object`);
  const info = (meta as Record<string, unknown>)[META_CLIENT_INFO];
  if (isObject(info) && typeof info.name === 'string') ep.clientSaid(info.name);
}

/** The request's params by one of the SDK's request schemas (they let `_meta` keys through), or −32602. */
function paramsBy<T>(schema: { safeParse(v: unknown): { success: true; data: { params: T } } | { success: false } }, request: JSONRPCRequest, what: string): T {
  const parsed = schema.safeParse(request);
  if (!parsed.success) throw new Refusal(INVALID_PARAMS, `Invalid params: ${request.method} takes ${what}`);
  return parsed.data.params;
}

async function resultOf(request: JSONRPCRequest, ep: EpisodeEndpoints): Promise<Record<string, unknown>> {
  switch (request.method) {
    case 'server/discover':
      return { supportedVersions: MODERN_VERSIONS, capabilities: ep.capabilities, instructions: ep.instructions, ...CACHE };
    case 'tools/list':
      return { ...ep.listTools(), ...CACHE };
    case 'tools/call': {
      const params = paramsBy(CallToolRequestSchema, request, 'an object {name, arguments}');
      return ep.callTool(params.name, isObject(params.arguments) ? (params.arguments as Json) : {});
    }
    case 'prompts/list':
      return { ...ep.listPrompts(), ...CACHE };
    case 'prompts/get':
      return ep.getPrompt(paramsBy(GetPromptRequestSchema, request, 'an object {name}').name);
    case 'resources/list':
      return { ...ep.listResources(), ...CACHE };
    case 'resources/templates/list':
      return { ...ep.listResourceTemplates(), ...CACHE };
    case 'resources/read':
      return { ...ep.readResource(paramsBy(ReadResourceRequestSchema, request, 'an object {uri}').uri), ...CACHE };
    default:
      throw new Refusal(METHOD_NOT_FOUND, `Method not found: ${request.method} (${MODERN_VERSION} has no such method here)`);
  }
}

/** One 2026-07-28 request's reply: its result with resultType and the server's identity, or its error. */
export async function answerModern(request: JSONRPCRequest, ep: EpisodeEndpoints): Promise<JSONRPCMessage> {
  try {
    checkMeta(request, ep);
    const result = await resultOf(request, ep);
    return { jsonrpc: '2.0', id: request.id, result: { ...result, resultType: 'complete', _meta: { [META_SERVER_INFO]: ep.serverInfo } } };
  } catch (e) {
    const error =
      e instanceof Refusal
        ? { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) }
        : e instanceof NotFound
          ? { code: INVALID_PARAMS, message: e.message, data: e.data }
          : { code: INTERNAL_ERROR, message: e instanceof Error ? e.message : String(e) };
    return { jsonrpc: '2.0', id: request.id, error };
  }
}

/**
 * A transport between the line framing and the SDK's server: 2026-07-28
 * requests are answered here (`answerModern`), everything else is handed on.
 */
export class EraRouter implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  constructor(
    private readonly inner: Transport,
    private readonly endpoints: EpisodeEndpoints,
  ) {}

  async start(): Promise<void> {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message, extra) => {
      if (!isModernRequest(message)) return this.onmessage?.(message, extra);
      answerModern(message, this.endpoints)
        .then((reply) => this.inner.send(reply))
        .catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))));
    };
    await this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}
