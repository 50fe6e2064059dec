import { Episode } from '../../core/episode';
import { isJsonObject, tryParseJson } from '../../core/json';
import type { JsonObject } from '../../core/json';
import type { Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { printedScorecard } from '../../traces/printedScorecard';
import { LIMITS } from '../../core/limits';
import { tooDeep } from '../../traces/import/limits';
import { isOverlong, type BoundedLine } from '../boundedLines';
import { eagerInbox } from '../inbox';

const BAD_LINE = 'each line must be one JSON object {"name": "<tool>", "arguments": {...}}';
const worldFailed = (episode: Episode) => `the world failed: ${episode.stop?.detail ?? 'unknown error'}`;

/**
 * Drive a world over a line protocol, so an agent in any language can play it:
 * first {"tools", "prompt"}; then for each {"name", "arguments"} line, one
 * {"ok", "content", "done"} line; at the end {"done": true, "scorecard": …}.
 * Lines are read from the start, so an agent may send its whole script before
 * the world is open. End of input before the end scores the episode as
 * abandoned; once the episode has ended the scorecard is written at once and
 * later lines get no answer, so an agent that keeps its input open is not waited on.
 * A fork (`options.episode`) sends the steps it continues from as `history` in the first line.
 */
export interface PlayOptions {
  /** An episode already under way (a fork): its steps are sent with the first line as `history`. */
  episode?: Episode;
  /** Added to the finished trace's meta (e.g. `parent` for a fork). */
  meta?: JsonObject;
  /** The finished trace, before the scorecard line is written (e.g. for --out). */
  onTrace?(trace: Trace): void;
}

export async function playLines(
  world: World,
  task: Task,
  lines: AsyncIterable<BoundedLine>,
  write: (line: string) => void,
  options: PlayOptions = {},
): Promise<void> {
  const send = (v: unknown) => write(JSON.stringify(v));
  const inbox = eagerInbox(lines);
  const history = options.episode?.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments, ok: s.result.ok, content: s.result.content }));
  send(history ? { tools: task.tools, prompt: task.prompt, history } : { tools: task.tools, prompt: task.prompt });
  let episode: Episode;
  try {
    episode = options.episode ?? (await Episode.open(world, task, { kind: 'scripted', name: 'stdio' }));
  } catch (e) {
    inbox.stop();
    throw e;
  }
  try {
    while (!episode.stop) {
      const raw = await inbox.next();
      if (raw === null) break;
      // A line past the limit was never held: the agent is told which line and why, and the episode goes on.
      if (isOverlong(raw)) {
        send({ ok: false, content: raw.message, done: false });
        continue;
      }
      const line = raw.trim();
      if (line === '') continue;
      const parsed = tryParseJson(line);
      if (!parsed.ok || !isJsonObject(parsed.value) || typeof parsed.value.name !== 'string') {
        send({ ok: false, content: BAD_LINE, done: false });
        continue;
      }
      // Refused before the world sees it: every walk of the arguments (lenient reading, hashing, export) would recurse that deep.
      const deep = tooDeep(parsed.value.arguments ?? null, LIMITS.jsonDepth.value);
      if (deep) {
        send({ ok: false, content: `arguments ${deep} (the jsonDepth limit): not run`, done: false });
        continue;
      }
      const step = await episode.apply({ name: parsed.value.name, arguments: parsed.value.arguments ?? {} });
      if (step) send({ ok: step.result.ok, content: step.result.content, done: episode.stop !== null });
      else send({ ok: false, content: worldFailed(episode), done: true });
    }
    const why = inbox.failure === null ? 'input ended before the episode did' : `input failed before the episode ended: ${inbox.failure}`;
    episode.end({ reason: 'abandoned', terminated: false, truncated: false, detail: why });
    const trace = await episode.toTrace();
    if (options.meta) trace.meta = { ...trace.meta, ...options.meta };
    options.onTrace?.(trace);
    send({ done: true, scorecard: printedScorecard(trace, 'n/a') });
  } finally {
    inbox.stop();
    await episode.close();
  }
}
