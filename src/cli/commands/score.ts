import { isJsonObject, tryParseJson, type Json } from '../../core/json';
import type { ToolCall } from '../../core/types';
import { readTrace } from '../../traces/native';
import { replayCalls, verifyTrace } from '../../traces/replay';
import { summarize, type ScoreSummary } from '../../traces/summary';
import { CliError, readTextFile } from '../io';
import { requireWorld } from '../worlds';

function readJsonFile(file: string): Json {
  const text = readTextFile(file);
  const parsed = tryParseJson(text);
  if (!parsed.ok) throw new CliError(`${file} is not JSON: ${parsed.error}`);
  return parsed.value;
}

function readCalls(v: Json | undefined): ToolCall[] {
  if (!Array.isArray(v)) throw new CliError('a script needs "calls": [{"name": ..., "arguments": {...}}, ...]');
  return v.map((c, i) => {
    if (!isJsonObject(c) || typeof c.name !== 'string') throw new CliError(`calls[${i}] must be {"name": string, "arguments": ...}`);
    return { name: c.name, arguments: c.arguments ?? {} };
  });
}

/** Score a native trace (replayed and checked) or a script of calls (replayed). */
export async function scoreFile(file: string): Promise<ScoreSummary> {
  const doc = readJsonFile(file);
  if (isJsonObject(doc) && doc.format !== undefined) {
    const trace = readTrace(doc);
    if (!trace.ok) throw new CliError(`${file}: ${trace.error}`);
    const world = requireWorld(trace.value.world, true);
    const report = await verifyTrace(world, trace.value);
    if (!report.ok) throw new CliError(`${file}: ${report.error}`);
    return summarize(report.value.trace, report.value.status);
  }
  if (!isJsonObject(doc)) throw new CliError(`${file}: expected a trace or a script object`);
  const world = requireWorld(doc.world, true);
  const task = world.makeTask(doc.task ?? {});
  if (!task.ok) throw new CliError(`${file}: ${task.error}`);
  const calls = readCalls(doc.calls).map((call) => ({ call }));
  const { trace } = await replayCalls(world, task.value, calls, { kind: 'scripted', name: 'script' });
  return summarize(trace, 'n/a');
}
