import type { Readable, Writable } from 'node:stream';
import type { Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { exportTraceJson } from '../../traces/export/native';
import { printedScorecard } from '../../traces/printedScorecard';
import { serveEpisode } from '../mcp/server';
import { LineTransport } from '../mcp/stdio';
import { writeWhole } from '../io';

export interface McpStdio {
  stdin: Readable;
  stdout: Writable;
  /** Progress for the person who started the server: stdout is the protocol's. */
  err(line: string): void;
}

/**
 * `vp mcp`: one episode over stdio. The trace is written to `out` the moment the
 * episode ends (the client may keep the server open long after); the command
 * returns when the client disconnects or closes stdin.
 */
export async function serveMcp(world: World, task: Task, out: string | undefined, io: McpStdio): Promise<Trace> {
  const episode = await serveEpisode(world, task);
  const written = episode.ended.then((trace) => {
    if (out) writeWhole(out, exportTraceJson(trace));
    const s = printedScorecard(trace, 'n/a');
    io.err(
      `vp mcp: ${trace.world} ${JSON.stringify(trace.task)} ended (${s.stop}): naive ${s.naive} ${s.verdict.naive}, full ${s.reward} ${s.verdict.full}${out ? `; trace written to ${out}` : ''}`,
    );
    return trace;
  });
  const gone = new Promise<void>((resolve) => {
    io.stdin.once('end', resolve);
    io.stdin.once('close', resolve);
  });
  // Bounded: a message over stdinLineBytes is answered with the limit (and noted), and stdin waits while mcpPendingRequests replies are unwritten.
  const transport = new LineTransport(io.stdin, io.stdout, {
    onLimit: (message) => {
      io.err(`vp mcp: ${message}`);
      episode.note(message);
    },
  });
  await episode.connect(transport);
  io.err(`vp mcp: serving ${world.id} ${JSON.stringify(task.spec)} over stdio (${task.tools.map((t) => t.function.name).join(', ')})`);
  await gone;
  await episode.close();
  return written;
}
