import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import { evalZipOf, handLog } from '../inspect/testing';
import { importInspectEval } from '../inspect/importEval';
import { bufferSource } from '../inspect/byteSource';
import { manyMessagesRow, manyToolCallsRow } from '../testing/hostile';
import { createImporter, type ImporterOptions } from './importer';
import { ROW_LIMITS, TEXT_CHARS_BOUND, traceOverLimit } from './rowLimits';
import { pairToolCalls } from './messages';
import type { ImportEvent, VfMessage, VfRollout } from './types';
import { nativeTraces } from './testing';

function importText(text: string, options: ImporterOptions = {}) {
  const importer = createImporter(options);
  const events: ImportEvent[] = [...importer.push(text), ...importer.finish()];
  const rollouts = events.flatMap((e) => (e.type === 'item' && e.item.kind === 'vf' ? [e.item.rollout] : []));
  return { rollouts, items: events.filter((e) => e.type === 'item').length, summary: importer.summary() };
}

/** An Inspect log whose one sample has `n` messages all pointing at one attachment of `size` characters. */
function sharedAttachmentLog(n: number, size: number): JsonObject {
  const log = handLog();
  const sample = (log.samples as JsonObject[])[0]!;
  sample.messages = Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'user' : 'assistant', content: 'attachment://big' }));
  sample.attachments = { big: 'y'.repeat(size) };
  return log;
}

describe('one row over its budget is skipped with a message naming the limit and the row; the others import', () => {
  it('200,000 tool calls in one assistant turn: a located error, not a stack overflow', () => {
    const line = JSON.stringify(manyToolCallsRow(200_000, 10));
    const ok = JSON.stringify(manyToolCallsRow(2));
    const { rollouts, summary } = importText(`${ok}\n${line}\n${ok}\n`, { limits: { maxLineChars: 64 * 1024 * 1024 } });
    expect(rollouts).toHaveLength(2);
    expect(summary.errors).toEqual([
      {
        line: 2,
        severity: 'error',
        reason:
          'line 2, completion message 1: 200,000 tool calls, over the toolCallsPerMessage limit of 10,000 (tool calls in one message): the row is skipped',
      },
    ]);
  });

  it('pairing is linear and never spreads: 200,000 calls pair by id (results in reverse order) when the limit allows them', () => {
    const completion: VfMessage[] = [
      { role: 'assistant', content: '', toolCalls: Array.from({ length: 200_000 }, (_, i) => ({ id: `c${i}`, name: 't', arguments: {} })) },
    ];
    for (let i = 199_999; i >= 0; i--) completion.push({ role: 'tool', content: `r${i}`, toolCallId: `c${i}` });
    completion.push({ role: 'tool', content: 'late' });
    const { calls, orphans } = pairToolCalls(completion);
    expect(calls).toHaveLength(200_000);
    expect(calls[0]!.result).toEqual({ content: 'r0', messageIndex: 200_000, pairedBy: 'id' });
    expect(calls[199_999]!.result).toEqual({ content: 'r199999', messageIndex: 1, pairedBy: 'id' });
    expect(orphans).toBe(1);
  });

  it('results without ids pair in order, a repeated id answers its calls in turn', () => {
    const call = (id?: string) => ({ ...(id ? { id } : {}), name: 't', arguments: {} });
    const { calls } = pairToolCalls([
      { role: 'assistant', content: '', toolCalls: [call('a'), call('a'), call(), call()] },
      { role: 'tool', content: '1', toolCallId: 'a' },
      { role: 'tool', content: '2', toolCallId: 'a' },
      { role: 'tool', content: '3' },
      { role: 'tool', content: '4', toolCallId: 'zz' },
    ]);
    expect(calls.map((c) => [c.result?.content, c.result?.pairedBy])).toEqual([
      ['1', 'id'],
      ['2', 'id'],
      ['3', 'order'],
      ['4', 'order'],
    ]);
  });

  it('1,000 messages sharing one 1 MiB attachment (1,000 MiB once put back) are refused as one row, from a .json log', () => {
    const { summary, rollouts } = importText(JSON.stringify(sharedAttachmentLog(1000, 1024 * 1024)));
    expect(rollouts.map((r: VfRollout) => r.exampleId)).toEqual(['w2']);
    expect(summary.errors.map((e) => e.reason)).toEqual([
      expect.stringMatching(/^line 1, sample "w1": 100(\.\d)? MiB of text by message \d+, over the rowChars limit of 100 MiB .*: the row is skipped$/),
    ]);
  });

  it('… and from an .eval log, named by its entry', async () => {
    const summary = await importInspectEval(bufferSource(evalZipOf(sharedAttachmentLog(1000, 1024 * 1024))));
    expect(summary.items).toBe(1);
    expect(summary.errors.map((e) => e.reason)).toEqual([
      expect.stringMatching(/^samples\/w1_epoch_1\.json: 100(\.\d)? MiB of text by message \d+, over the rowChars limit/),
    ]);
  });

  it('messages per row', () => {
    const { summary, rollouts } = importText(`${JSON.stringify(manyMessagesRow(101))}\n${JSON.stringify(manyMessagesRow(99))}\n`, { rows: { messages: 100 } });
    expect(rollouts).toHaveLength(1);
    expect(summary.errors[0]!.reason).toBe('line 1: 102 messages, over the rowMessages limit of 100 (messages in one row): the row is skipped');
  });

  it('steps of a native trace count as its messages', async () => {
    const [trace] = await nativeTraces();
    const { summary, items } = importText(JSON.stringify(trace), { rows: { messages: 2 } });
    expect(items).toBe(0);
    expect(summary.errors[0]!.reason).toMatch(/^line 1: \d+ steps, over the rowMessages limit of 2 /);
  });

  it('a native trace’s calls and results over the text budget: refused from a JSONL line as from a document', async () => {
    const [trace] = await nativeTraces();
    const text = JSON.stringify(trace);
    for (const input of [`${text}\n${text}\n`, JSON.stringify(trace, null, 2)]) {
      const { summary, items } = importText(input, { rows: { chars: 500 } });
      expect(items).toBe(0);
      expect(summary.errors[0]!.reason).toMatch(/^line 1: [\d,]+ characters of text by step \d+, over the rowChars limit of 500 /);
    }
  });

  it('the walk a short text skips could never have refused it: what it counts is under TEXT_CHARS_BOUND × the text', async () => {
    const traces = await nativeTraces();
    // The most counted for the fewest characters: arrays of one-digit numbers (8 each for two characters), empty keys and strings, escapes.
    const worst = traces.map((t, i) => ({
      ...t,
      steps: t.steps.map((s, j) => ({
        ...s,
        call: { ...s.call, arguments: j % 2 ? Array.from({ length: 5000 + i }, () => 0) : { '': [[], {}, '', 1, true, null], 'é\n"': '\u2028\\' } },
        result: { ...s.result, content: j % 3 ? '' : '\u0001"\\' },
      })),
    }));
    let checked = 0;
    for (const trace of [...traces, ...worst]) {
      const textChars = JSON.stringify(trace).length;
      for (let chars = 1; chars <= textChars * 16; chars = Math.ceil(chars * 1.3) + 1) {
        const limits = { ...ROW_LIMITS, chars };
        const walked = traceOverLimit(trace, 'line 1', limits);
        // Skipped only where the walk finds nothing over.
        if (walked !== null) expect(textChars * TEXT_CHARS_BOUND, `${chars}: ${walked}`).toBeGreaterThan(chars);
        expect(traceOverLimit(trace, 'line 1', limits, textChars)).toBe(textChars * TEXT_CHARS_BOUND <= chars ? null : walked);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('rows per import: the file stops at the limit, saying at which row', () => {
    const row = JSON.stringify(manyMessagesRow(1));
    const { summary } = importText(`${row}\n${row}\n${row}\n`, { maxRows: 2 });
    expect(summary.fatal).toBe('line 3: row 3, over the importRows limit of 2 (rows listed from one import)');
  });
});
