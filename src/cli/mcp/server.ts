import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  RequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
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
 * `onEnd` exactly once.
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
  const server = new Server(
    { name: options.name ?? `verifier-playground-${world.id}`, version: options.version ?? '1' },
    {
      capabilities: { tools: {}, prompts: {}, resources: {} },
      instructions: `${task.title}\n\nThe task prompt is the "${PROMPT_NAME}" prompt and the ${PROMPT_URI} resource. Call the tools; the episode ends with the final tool, and its result carries the scorecard.`,
    },
  );
  // The client's name, once it has said hello: the trace's agent.
  const agent = (): AgentInfo => {
    const client = server.getClientVersion();
    return { kind: 'scripted', name: client ? `mcp:${client.name}` : 'mcp' };
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

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: task.tools.map((t) => ({
      name: t.function.name,
      description: t.function.description,
      inputSchema: { ...(portableSchema(t.function.parameters) as JsonObject), type: 'object' as const },
    })),
  }));

  // Registered with loose params: the SDK checks a tools/call against CallToolRequestSchema itself and answers
  // −32602 (Invalid params), where a failed parse of the registered schema would answer −32603 (Internal error).
  server.setRequestHandler(CallToolRequestSchema.extend({ params: RequestSchema.shape.params }), (request) => {
    const { params } = CallToolRequestSchema.parse(request);
    const args: Json = isJsonObject(params.arguments) ? (params.arguments as Json) : {};
    const next = queue.then(() => call(params.name, args));
    queue = next.catch(() => undefined);
    return next;
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: [{ name: PROMPT_NAME, description: `The task: ${task.title}` }],
  }));

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== PROMPT_NAME) throw new Error(`unknown prompt "${request.params.name}"; the one prompt is "${PROMPT_NAME}"`);
    return {
      description: task.title,
      // MCP prompts carry user and assistant turns: the system text opens the first user message.
      messages: [{ role: 'user' as const, content: text(promptText(task)) }],
    };
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [{ uri: PROMPT_URI, name: 'task prompt', description: task.title, mimeType: 'text/plain' }],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    if (request.params.uri !== PROMPT_URI) throw new Error(`unknown resource "${request.params.uri}"; the one resource is ${PROMPT_URI}`);
    return { contents: [{ uri: PROMPT_URI, mimeType: 'text/plain', text: promptText(task) }] };
  });

  server.onclose = () => {
    // A disconnect ends the episode: whatever was played is scored as abandoned.
    queue.then(finish).catch(rejectEnded);
  };

  return {
    server,
    ended,
    connect: (transport) => server.connect(transport),
    note: (reason) => void notes.push(reason),
    close: async () => {
      await server.close();
      await queue.then(finish);
    },
  };
}
