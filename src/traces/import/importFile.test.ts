import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFile } from '../../cli/commands/import';
import { CliError } from '../../cli/io';
import { fixture } from './testing';

describe('importFile (the CLI import command)', () => {
  it('streams a results.jsonl and reads the metadata.json beside it', async () => {
    const path = new URL('./fixtures/v0.1.2.post1/results.jsonl', import.meta.url).pathname;
    const ids: unknown[] = [];
    const report = await importFile(path, ({ item }) => item.kind === 'vf' && ids.push(item.rollout.exampleIdSource));
    expect(report).toMatchObject({ format: 'vf-eval-jsonl', rows: 4, errors: [], warnings: [] });
    expect(report.metadata).toMatch(/v0\.1\.2\.post1\/metadata\.json$/);
    expect(ids).toEqual(Array(4).fill('id-corrected-by-metadata'));
  });

  it('reports bad lines and still imports the good ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vp-import-'));
    const rows = fixture('v0.1.10', 'results.jsonl').trim().split('\n');
    const file = join(dir, 'mixed.jsonl');
    writeFileSync(file, `${rows[0]}\n{"broken\n${rows[1]}\n`);
    expect(await importFile(file)).toEqual({
      format: 'vf-eval-jsonl',
      rows: 2,
      errors: [{ line: 2, reason: expect.stringMatching(/^not JSON/) }],
      warnings: [],
      metadata: null,
      runs: [{ env: 'hangman', model: null, rows: 2, source: file, run: null, env_from: 'row', model_from: null }],
      inferred: [],
    });
  });

  it('throws a one-line CliError when nothing could be imported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vp-import-'));
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    await expect(importFile(empty)).rejects.toBeInstanceOf(CliError);
    await expect(importFile(empty)).rejects.toThrow(new CliError(`${empty}: nothing could be imported: the file is empty`));
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '[1]\n[2]\n');
    await expect(importFile(bad)).rejects.toThrow(
      /bad\.jsonl: nothing could be imported: line 1: a JSON array, expected one object per line .*\(and 1 more\)$/,
    );
    await expect(importFile(join(dir, 'missing.jsonl'))).rejects.toThrow(/cannot read .*missing\.jsonl: ENOENT/);
  });
});
