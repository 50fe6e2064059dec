import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { WORLDS } from '../../worlds/registry';
import { identityOf } from '../import/identity';
import { importText } from '../import/importText';
import { parseVfMetadata } from '../import/metadata';
import { ERAS, fixture } from '../import/testing';
import { convert, type ConvertItem } from './convert';

/**
 * A vf-eval row re-exported to vf keeps its era's shape: its keys in their order, `id` as `id`,
 * timing columns where they were, `oai_tools`, tool calls in their encoding, `info` with nothing
 * added. Today's shape is written only when asked, and the notes then say what was renamed.
 */

const CREATED = '2030-01-01T00:00:00+00:00';

/** Every vf-eval file we keep a fixture of, with its metadata.json when it has one. */
const FILES: { name: string; rows: string; metadata: string | null }[] = [
  ...ERAS.map((era) => ({ name: era, rows: fixture(era, 'results.jsonl'), metadata: fixture(era, 'metadata.json') })),
  ...['vf-0.3-string-info', 'vf-hosted-run'].map((dir) => {
    const read = (f: string) => readFileSync(new URL(`../fixtures/writers/${dir}/${f}`, import.meta.url), 'utf8');
    return { name: dir, rows: read('results.jsonl'), metadata: read('metadata.json') };
  }),
];

function items(file: (typeof FILES)[number]): ConvertItem[] {
  const meta = file.metadata === null ? null : parseVfMetadata(file.metadata);
  const { items: read, summary } = importText(file.rows, meta?.ok ? { metadata: meta.value } : {});
  expect(summary.errors).toEqual([]);
  return read.map((item) => {
    const id = identityOf(item, null);
    return { item, source: 'results.jsonl', env: id.env, model: id.model, run: id.run };
  });
}

/** HF's Arrow writer (≤ v0.1.9) null-fills nested dicts with the union of keys: null there means absent, and is read so. */
function withoutNullKeys(v: Json): Json {
  if (Array.isArray(v)) return v.map(withoutNullKeys);
  if (!isJsonObject(v)) return v;
  return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (x === null ? [] : [[k, withoutNullKeys(x)]])));
}

const rowsOf = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as JsonObject);

/** A source row as a reader sees it: top-level keys as written, nested nulls of an HF-written row as absent. */
const asRead = (row: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'prompt' || k === 'completion' || k === 'info' ? withoutNullKeys(v) : v]));

describe('vf re-export keeps the era it was written in', () => {
  it.each(FILES.map((f) => [f.name, f] as const))('%s: every row as written, keys in order, nothing renamed or added', async (_name, file) => {
    const out = await convert(items(file), 'vf', { worlds: WORLDS, created: CREATED });
    const written = rowsOf(out.outputs[0]!.data as string);
    const source = rowsOf(file.rows);
    expect(written.map((r) => Object.keys(r))).toEqual(source.map((r) => Object.keys(r)));
    expect(written.map(asRead)).toEqual(source.map(asRead));
    // Nothing renamed; at most the env and model that came from beside the rows are said to be left there.
    expect(out.notes.filter((n) => !n.startsWith('the env and model of '))).toEqual([]);
  });

  it('the env and model a row does not carry (a folder, metadata.json, an edit) are said to be left out of the rows as written', async () => {
    const file = FILES.find((f) => f.name === 'v0.1.3-v0.1.5')!;
    const got = items(file).map((i) => ({ ...i, model: 'edited-model' }));
    const out = await convert(got, 'vf', { worlds: WORLDS, created: CREATED });
    expect(out.notes).toEqual([
      `the env and model of ${got.length} vf-eval rows written as their era wrote them: not in the rows (a results.jsonl leaves them to its folder and metadata.json); today's shape writes them into info`,
    ]);
  });

  it('the pre-v0.1.6 era: `id`, generation_ms/scoring_ms/total_ms, JSON-string OpenAI tool calls and info stay as they were', async () => {
    const file = FILES.find((f) => f.name === 'v0.1.3-v0.1.5')!;
    const row = rowsOf((await convert(items(file), 'vf', { worlds: WORLDS, created: CREATED })).outputs[0]!.data as string)[0]!;
    expect(row).toHaveProperty('id');
    expect(row).not.toHaveProperty('example_id');
    expect(row).not.toHaveProperty('timing');
    expect(Object.keys(row)).toEqual(expect.arrayContaining(['generation_ms', 'scoring_ms', 'total_ms']));
    const call = (row.completion as JsonObject[]).find((m) => Array.isArray(m.tool_calls))!.tool_calls as string[];
    expect(JSON.parse(call[0]!)).toHaveProperty('function');
    expect(Object.keys((row.info as JsonObject | undefined) ?? {})).not.toEqual(expect.arrayContaining(['world']));
  });

  it("today's shape on request: every rename said, with the rows it touched", async () => {
    const file = FILES.find((f) => f.name === 'v0.1.3-v0.1.5')!;
    const got = items(file);
    const out = await convert(got, 'vf', { worlds: WORLDS, created: CREATED, vfShape: 'current' });
    const row = rowsOf(out.outputs[0]!.data as string)[0]!;
    expect(row).toHaveProperty('example_id');
    expect(row).not.toHaveProperty('id');
    expect(row).toHaveProperty('timing');
    const n = got.length;
    expect(out.notes).toEqual([
      `vf-eval rows written in today's shape, as asked: \`id\` → \`example_id\` (${n} rows); \`generation_ms\`/\`scoring_ms\`/\`total_ms\` → \`timing\` (${n} rows); ` +
        `\`info.oai_tools\` copied to \`tool_defs\` (${n} rows); OpenAI-shaped \`tool_calls\` → {id, name, arguments} strings (${n} rows); \`info\` gained \`world\` and \`agent\` keys (a reward function reading info sees them) (${n} rows)`,
    ]);
    const first = FILES.find((f) => f.name === 'v0.1.2.post1')!;
    const notes = (await convert(items(first), 'vf', { worlds: WORLDS, created: CREATED, vfShape: 'current' })).notes.join('\n');
    expect(notes).toMatch(/`oai_tools` → `tool_defs`|`info\.oai_tools` copied to `tool_defs`/);
    expect(notes).toMatch(/OpenAI-shaped `tool_calls`/);
  });

  it('rows of several eras in one export: each as its era wrote it, and the note says so', async () => {
    const mixed = [...items(FILES.find((f) => f.name === 'v0.1.3-v0.1.5')!), ...items(FILES.find((f) => f.name === 'v0.2')!)];
    const out = await convert(mixed, 'vf', { worlds: WORLDS, created: CREATED });
    expect(out.notes[0]).toMatch(/^rows of 2 vf-eval eras, each written as its era wrote it \(v0\.1\.3-v0\.1\.5: 4 rows, v0\.1\.14\+: 2 rows\)/);
  });
});
