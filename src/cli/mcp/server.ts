import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  RequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { EraRouter, NotFound, type EpisodeEndpoints } from './modern';
import { Episode } from '../../core/episode';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { portableSchema } from './schema';
import type { AgentInfo, Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { printedScorecard } from '../../traces/printedScorecard';
import { LIMITS } from '../../core/limits';
import { tooDeep } from '../../traces/import/limits';

/**
 * One episode of a world served as a Model Context Protocol server: the world's
 * tools (with their JSON schemas), the task prompt as a prompt and a resource,
 * each call run by the same session code as `vp play`. The episode ends when the
 * world says so (its final tool, or the turn budget) or when the client goes
 * away; its scorecard is then the last tool result, and the trace is handed to
 * `onEnd` exactly once. Both protocol eras are served on one connection: the
 * SDK's server for a client that opens with initialize (2025-11-25 and
 * earlier), `modern.ts` for 2026-07-28 requests, one episode behind both.
 */

export const PROMPT_NAME = 'task';
export const PROMPT_URI = 'task://prompt';

export interface McpEpisode {
  server: Server;
  /** Resolves with the finished trace once the episode has ended (by the world, or by a disconnect). */
  ended: Promise<Trace>;
  /** Connects the server to a transport (stdio for the CLI, in-memory in tests). */
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
  /** Something the transport refused (a limit reached): kept for the trace's record if the client then goes away. */
  note(reason: string): void;
}

const text = (t: string) => ({ type: 'text' as const, text: t });

function promptText(task: Task): string {
  return task.prompt.map((m) => `[${m.role}]\n${m.content}`).join('\n\n');
}

export async function serveEpisode(world: World, task: Task, options: { name?: string; version?: string } = {}): Promise<McpEpisode> {
  const serverInfo = { name: options.name ?? `verifier-playground-${world.id}`, version: options.version ?? '1' };
  // Claimed only for what is served: tools (list, call), prompts (list, get), resources (list, templates, read); no change notifications, no subscriptions.
  const capabilities = { tools: {}, prompts: {}, resources: {} };
  const instructions = `${task.title}\n\nThe task prompt is the "${PROMPT_NAME}" prompt and the ${PROMPT_URI} resource. Call the tools; the episode ends with the final tool, and its result carries the scorecard.`;
  const server = new Server(serverInfo, { capabilities, instructions });
  // The client's name, from initialize or else from a 2026-07-28 request's clientInfo: the trace's agent.
  let modernClient: string | undefined;
  const agent = (): AgentInfo => {
    const name = server.getClientVersion()?.name ?? modernClient;
    return { kind: 'scripted', name: name === undefined ? 'mcp' : `mcp:${name}` };
  };
  const episode = await Episode.open(world, task, { kind: 'scripted', name: 'mcp' });
  let finished: Trace | null = null;
  const notes: string[] = [];
  let resolveEnded!: (t: Trace) => void;
  let rejectEnded!: (e: unknown) => void;
  const ended = new Promise<Trace>((resolve, reject) => {
    resolveEnded = resolve;
    rejectEnded = reject;
  });
  // Calls are answered one at a time, in arrival order: the world is a sequence of steps.
  let queue: Promise<unknown> = Promise.resolve();

  async function finish(): Promise<Trace> {
    if (finished) return finished;
    const refused = notes.length ? `; the server had refused: ${notes.slice(-3).join('; ')}` : '';
    if (!episode.stop)
      episode.end({ reason: 'abandoned', terminated: false, truncated: false, detail: `the MCP client disconnected before the episode ended${refused}` });
    const trace = { ...(await episode.toTrace()), agent: agent() };
    finished = trace;
    await episode.close();
    resolveEnded(trace);
    return trace;
  }

  // Read through a function: TypeScript would keep a narrowing of episode.stop across the awaits.
  const stopNow = () => episode.stop;

  async function call(name: string, args: Json): Promise<CallToolResult> {
    if (finished || stopNow())
      return { content: [text(`the episode is over (${stopNow()?.reason ?? 'ended'}); its scorecard was the last tool result`)], isError: true };
    const deep = tooDeep(args, LIMITS.jsonDepth.value);
    if (deep) return { content: [text(`arguments ${deep} (the jsonDepth limit): not run`)], isError: true };
    const step = await episode.apply({ name, arguments: args });
    if (!step) {
      const trace = await finish();
      return {
        content: [
          text(`the world failed: ${stopNow()?.detail ?? 'unknown error'}`),
          text(JSON.stringify({ done: true, scorecard: printedScorecard(trace, 'n/a') })),
        ],
        isError: true,
      };
    }
    const content = [text(step.result.content)];
    const stop = stopNow();
    if (stop) {
      const trace = await finish();
      const why = stop.reason === 'budget' ? ` (${stop.detail ?? 'the turn budget is spent'})` : '';
      content.push(text(`The episode has ended${why}. Scorecard: ${JSON.stringify({ done: true, scorecard: printedScorecard(trace, 'n/a') })}`));
    }
    return { content, isError: !step.result.ok };
  }

  const endpoints: EpisodeEndpoints = {
    serverInfo,
    capabilities,
    instructions,
    listTools: () => ({
      tools: task.tools.map((t) => ({
        name: t.function.name,
        description: t.function.description,
        inputSchema: { ...(portableSchema(t.function.parameters) as JsonObject), type: 'object' as const },
      })),
    }),
    callTool: (name, args) => {
      const next = queue.then(() => call(name, args));
      queue = next.catch(() => undefined);
      return next;
    },
    listPrompts: () => ({ prompts: [{ name: PROMPT_NAME, description: `The task: ${task.title}` }] }),
    getPrompt: (name) => {
      if (name !== PROMPT_NAME) throw new NotFound(`unknown prompt "${name}"; the one prompt is "${PROMPT_NAME}"`, { name });
      return {
        description: task.title,
        // MCP prompts carry user and assistant turns: the system text opens the first user message.
        messages: [{ role: 'user' as const, content: text(promptText(task)) }],
      };
    },
    listResources: () => ({ resources: [{ uri: PROMPT_URI, name: 'task prompt', description: task.title, mimeType: 'text/plain' }] }),
    listResourceTemplates: () => ({ resourceTemplates: [] }),
    readResource: (uri) => {
      if (uri !== PROMPT_URI) throw new NotFound(`unknown resource "${uri}"; the one resource is ${PROMPT_URI}`, { uri });
      return { contents: [{ uri: PROMPT_URI, mimeType: 'text/plain', text: promptText(task) }] };
    },
    clientSaid: (name) => void (modernClient ??= name),
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => endpoints.listTools());
  // Registered with loose params: the SDK checks a tools/call against CallToolRequestSchema itself and answers
  // −32602 (Invalid params), where a failed parse of the registered schema would answer −32603 (Internal error).
  server.setRequestHandler(CallToolRequestSchema.extend({ params: RequestSchema.shape.params }), (request) => {
    const { params } = CallToolRequestSchema.parse(request);
    return endpoints.callTool(params.name, isJsonObject(params.arguments) ? (params.arguments as Json) : {});
  });
  server.setRequestHandler(ListPromptsRequestSchema, async () => endpoints.listPrompts());
  server.setRequestHandler(GetPromptRequestSchema, async (request) => endpoints.getPrompt(request.params.name));
  server.setRequestHandler(ListResourcesRequestSchema, async () => endpoints.listResources());
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => endpoints.listResourceTemplates());
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => endpoints.readResource(request.params.uri));

  server.onclose = () => {
    // A disconnect ends the episode: whatever was played is scored as abandoned.
    queue.then(finish).catch(rejectEnded);
  };

  return {
    server,
    ended,
    connect: (transport) => server.connect(new EraRouter(transport, endpoints)),
    note: (reason) => void notes.push(reason),
    close: async () => {
      await server.close();
      await queue.then(finish);
    },
  };
}
