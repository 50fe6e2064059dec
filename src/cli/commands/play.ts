import { Episode } from '../../core/episode';
import { isJsonObject, tryParseJson } from '../../core/json';
import type { Task } from '../../core/types';
import type { World } from '../../core/world';
import { summarize } from '../../traces/summary';

/**
 * Drive a world over a line protocol, so an agent in any language can play it:
 * first {"tools", "prompt"}; then for each {"name", "arguments"} line, one
 * {"ok", "content", "done"} line; at the end {"done": true, "scorecard": …}.
 * End of input before the end scores the episode as abandoned.
 */
export async function playLines(world: World, task: Task, lines: AsyncIterable<string>, write: (line: string) => void): Promise<void> {
  const send = (v: unknown) => write(JSON.stringify(v));
  send({ tools: task.tools, prompt: task.prompt });
  const episode = await Episode.open(world, task, { kind: 'scripted', name: 'stdio' });
  try {
    for await (const raw of lines) {
      const line = raw.trim();
      if (line === '') continue;
      const parsed = tryParseJson(line);
      if (!parsed.ok || !isJsonObject(parsed.value) || typeof parsed.value.name !== 'string') {
        send({ ok: false, content: 'each line must be one JSON object {"name": "<tool>", "arguments": {...}}', done: false });
        continue;
      }
      const step = await episode.apply({ name: parsed.value.name, arguments: parsed.value.arguments ?? {} });
      if (step) send({ ok: step.result.ok, content: step.result.content, done: episode.stop !== null });
      else send({ ok: false, content: `the world failed: ${episode.stop?.detail ?? 'unknown error'}`, done: true });
      if (episode.stop) break;
    }
    if (!episode.stop) episode.end({ reason: 'abandoned', terminated: false, truncated: false, detail: 'input ended before the episode did' });
    send({ done: true, scorecard: summarize(await episode.toTrace(), 'n/a') });
  } finally {
    await episode.close();
  }
}
