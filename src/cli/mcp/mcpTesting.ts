import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { runEpisode } from '../../core/episode';
import type { Json, JsonObject } from '../../core/json';
import type { Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { WORLDS } from '../../worlds/registry';
import { playLines } from '../commands/play';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION, META_SERVER_INFO, MODERN_VERSION } from './modern';

/** What the MCP tests share (tests only): the reference episodes a client replays, and what `vp play` makes of the same calls. */

export const world = (id: string): World => WORLDS.find((w) => w.id === id)!;

export function taskOf(w: World, spec: JsonObject): Task {
  const t = w.makeTask(spec);
  if (!t.ok) throw new Error(t.error);
  return t.value;
}

/** A reference agent's episode, run in-process: the calls an outside harness will send over MCP. */
export async function reference(w: World, spec: JsonObject, agent: string): Promise<Trace> {
  const task = taskOf(w, spec);
  return runEpisode(w, task, w.referenceAgents.find((a) => a.id === agent)!.create(task));
}

/** The same calls through `vp play`'s line protocol: what the MCP episode must score like. */
export async function viaPlay(w: World, task: Task, calls: readonly { name: string; arguments: Json }[]): Promise<Record<string, unknown>> {
  const out: string[] = [];
  async function* lines() {
    for (const c of calls) yield JSON.stringify(c);
  }
  await playLines(w, task, lines(), (l) => out.push(l));
  return JSON.parse(out[out.length - 1]!) as Record<string, unknown>;
}

/** A message the server wrote, as the tests read it. */
export type Reply = { jsonrpc: '2.0'; id?: string | number; result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };

/** A 2026-07-28 request's `_meta`: its version, no client capabilities, the client's name. */
export const meta = (version = MODERN_VERSION, client = 'scripted-2026') => ({
  [META_PROTOCOL_VERSION]: version,
  [META_CLIENT_CAPABILITIES]: {},
  [META_CLIENT_INFO]: { name: client, version: '1' },
});

/** Results 2026-07-28 requires caching hints on (server/utilities/caching). */
const CACHEABLE = new Set(['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read']);

/** What schema/2026-07-28/schema.ts asks of a result to `method` that the SDK's 2025 schemas do not check. */
export function modernProblems(method: string, result: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (result.resultType !== 'complete') problems.push(`resultType ${JSON.stringify(result.resultType)}, not "complete"`);
  const info = (result._meta as Record<string, { name?: unknown; version?: unknown }> | undefined)?.[META_SERVER_INFO];
  if (typeof info?.name !== 'string' || typeof info.version !== 'string') problems.push(`_meta["${META_SERVER_INFO}"] is not {name, version}`);
  if (CACHEABLE.has(method)) {
    if (!Number.isInteger(result.ttlMs) || (result.ttlMs as number) < 0) problems.push(`ttlMs ${JSON.stringify(result.ttlMs)}`);
    if (result.cacheScope !== 'public' && result.cacheScope !== 'private') problems.push(`cacheScope ${JSON.stringify(result.cacheScope)}`);
  }
  if (method === 'server/discover') {
    if (!Array.isArray(result.supportedVersions) || !result.supportedVersions.includes(MODERN_VERSION)) problems.push('supportedVersions');
    if (typeof result.capabilities !== 'object' || result.capabilities === null) problems.push('capabilities');
  }
  return problems;
}

/**
 * A scripted MCP 2026-07-28 client: the SDK used here (1.32.2) stops at
 * 2025-11-25, so requests are written as the specification's schema.ts has
 * them, each with its `_meta`, and every message the server writes is checked
 * as it arrives.
 */
export class ScriptedClient {
  /** Every message the server wrote, in order. */
  readonly received: Reply[] = [];
  /** Messages the SDK's JSONRPCMessageSchema refused, or 2026-07-28 results missing what that revision requires. */
  readonly problems: string[] = [];
  private readonly methods = new Map<string | number, string>();
  private readonly waiting = new Map<string | number, (r: Reply) => void>();
  private next = 1;

  constructor(private readonly write: (message: Record<string, unknown>) => void) {}

  receive(message: unknown): void {
    const reply = message as Reply;
    this.received.push(reply);
    if (!JSONRPCMessageSchema.safeParse(message).success) this.problems.push(`not a JSON-RPC message: ${JSON.stringify(message)}`);
    const method = reply.id === undefined ? undefined : this.methods.get(reply.id);
    if (method !== undefined && reply.result) this.problems.push(...modernProblems(method, reply.result).map((p) => `${method}: ${p}`));
    if (reply.id !== undefined) this.waiting.get(reply.id)?.(reply);
  }

  /** One request; `requestMeta` null sends none. Resolves with its reply (a test's timeout bounds the wait). */
  request(method: string, params: Record<string, unknown> = {}, requestMeta: Record<string, unknown> | null = meta()): Promise<Reply> {
    const id = this.next++;
    this.methods.set(id, method);
    const reply = new Promise<Reply>((resolve) => this.waiting.set(id, resolve));
    this.write({ jsonrpc: '2.0', id, method, params: requestMeta === null ? params : { ...params, _meta: requestMeta } });
    return reply;
  }

  /** A request the 2025 way: the SDK's server answers it, and its result is not held to 2026-07-28. */
  legacy(method: string, params: Record<string, unknown> = {}): Promise<Reply> {
    const id = `legacy-${this.next++}`;
    const reply = new Promise<Reply>((resolve) => this.waiting.set(id, resolve));
    this.write({ jsonrpc: '2.0', id, method, params });
    return reply;
  }

  notify(method: string): void {
    this.write({ jsonrpc: '2.0', method });
  }
}
