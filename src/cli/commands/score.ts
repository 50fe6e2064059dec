import { isJsonObject, tryParseJson, type Json } from '../../core/json';
import type { ToolCall } from '../../core/types';
import { readTrace } from '../../traces/native';
import { replayCalls, verifyTrace } from '../../traces/replay';
import { printedScorecard, type PrintedScorecard } from '../../traces/printedScorecard';
import { CliError, fmt, readTextFile, table } from '../io';
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
export async function scoreFile(file: string): Promise<PrintedScorecard> {
  const doc = readJsonFile(file);
  if (isJsonObject(doc) && doc.format !== undefined) {
    const trace = readTrace(doc);
    if (!trace.ok) throw new CliError(`${file}: ${trace.error}`);
    const world = requireWorld(trace.value.world, true);
    const report = await verifyTrace(world, trace.value);
    if (!report.ok) throw new CliError(`${file}: ${report.error}`);
    return printedScorecard(report.value.trace, report.value.status);
  }
  if (!isJsonObject(doc)) throw new CliError(`${file}: expected a trace or a script object`);
  const world = requireWorld(doc.world, true);
  const task = world.makeTask(doc.task ?? {});
  if (!task.ok) throw new CliError(`${file}: ${task.error}`);
  const calls = readCalls(doc.calls).map((call) => ({ call }));
  const { trace } = await replayCalls(world, task.value, calls, { kind: 'scripted', name: 'script' });
  return printedScorecard(trace, 'n/a');
}

/**
 * `vp score` as text: every layer with its part in the full reward (the adds
 * sum to the total printed under them), the two verdicts naive first, and why
 * they differ. The page's scorecard prints the same figures from the same card.
 */
export function formatScore(s: PrintedScorecard): string[] {
  const lines = [`${s.world} ${JSON.stringify(s.task)}  stop: ${s.stop}  replay: ${s.replay}`];
  lines.push(
    table(
      ['layer', 'value', 'adds', 'how it counts'],
      s.shares.map((r) => [r.layer, fmt(r.value), r.adds ?? '-', r.text]),
    ),
  );
  const adds = s.shares.flatMap((r) => (r.adds === null ? [] : [r.adds]));
  if (s.formula) lines.push(`full = ${s.formula} = ${adds.length > 1 ? `${adds.join(' + ')} = ` : ''}${fmt(s.reward)}`);
  lines.push(
    `naive ${fmt(s.naive)} ${s.verdict.naive}   full ${fmt(s.reward)} ${s.verdict.full}${s.verdict.caught_by ? `   caught by: ${s.verdict.caught_by}` : ''}`,
  );
  for (const [k, v] of Object.entries(s.readings ?? {})) lines.push(`extra reading, ${k}: ${fmt(v)} ${v >= 1 - 1e-9 ? 'PASS' : 'FAIL'}`);
  lines.push(s.why);
  return lines;
}
