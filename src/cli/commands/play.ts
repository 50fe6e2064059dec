import { Episode } from '../../core/episode';
import { isJsonObject, tryParseJson } from '../../core/json';
import type { Task } from '../../core/types';
import type { World } from '../../core/world';
import { summarize } from '../../traces/summary';
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
 */
export async function playLines(world: World, task: Task, lines: AsyncIterable<string>, write: (line: string) => void): Promise<void> {
  const send = (v: unknown) => write(JSON.stringify(v));
  const inbox = eagerInbox(lines);
  send({ tools: task.tools, prompt: task.prompt });
  let episode: Episode;
  try {
    episode = await Episode.open(world, task, { kind: 'scripted', name: 'stdio' });
  } catch (e) {
    inbox.stop();
    throw e;
  }
  try {
    while (!episode.stop) {
      const raw = await inbox.next();
      if (raw === null) break;
      const line = raw.trim();
      if (line === '') continue;
      const parsed = tryParseJson(line);
      if (!parsed.ok || !isJsonObject(parsed.value) || typeof parsed.value.name !== 'string') {
        send({ ok: false, content: BAD_LINE, done: false });
        continue;
      }
      const step = await episode.apply({ name: parsed.value.name, arguments: parsed.value.arguments ?? {} });
      if (step) send({ ok: step.result.ok, content: step.result.content, done: episode.stop !== null });
      else send({ ok: false, content: worldFailed(episode), done: true });
    }
    const why = inbox.failure === null ? 'input ended before the episode did' : `input failed before the episode ended: ${inbox.failure}`;
    episode.end({ reason: 'abandoned', terminated: false, truncated: false, detail: why });
    send({ done: true, scorecard: summarize(await episode.toTrace(), 'n/a') });
  } finally {
    inbox.stop();
    await episode.close();
  }
}
