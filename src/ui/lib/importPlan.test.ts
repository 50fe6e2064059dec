import { describe, expect, it } from 'vitest';
import { planFileImports } from './importPlan';

const f = (name: string) => ({ name });

describe('planFileImports', () => {
  it('imports every data file, in the order chosen', () => {
    const [a, b, c] = [f('a.jsonl'), f('b.json'), f('c.jsonl')];
    expect(planFileImports([a, b, c])).toEqual({ imports: [{ file: a }, { file: b }, { file: c }], notes: [] });
  });

  it('gives the one metadata.json to every data file, wherever it was in the choice', () => {
    const [meta, results, native] = [f('metadata.json'), f('results.jsonl'), f('native.jsonl')];
    const plan = planFileImports([results, meta, native]);
    expect(plan.imports).toEqual([
      { file: results, metadata: meta },
      { file: native, metadata: meta },
    ]);
    expect(plan.notes).toEqual([]);
  });

  it('uses no metadata when several were chosen, and says why', () => {
    const [m1, m2, r1, r2] = [f('metadata.json'), f('metadata.json'), f('results.jsonl'), f('results.jsonl')];
    const plan = planFileImports([m1, r1, m2, r2]);
    expect(plan.imports).toEqual([{ file: r1 }, { file: r2 }]);
    expect(plan.notes).toEqual([expect.stringContaining('2 metadata.json files were chosen')]);
  });

  it('in a chosen folder, each results file gets the metadata.json of its own folder (vf-eval’s evals/<env>--<model>/<run>/ layout)', () => {
    const at = (path: string) => ({ name: path.split('/').pop()!, webkitRelativePath: path });
    const [m1, r1, m2, r2, loose] = [
      at('outputs/evals/wiki--m/a1/metadata.json'),
      at('outputs/evals/wiki--m/a1/results.jsonl'),
      at('outputs/evals/math--m/b2/metadata.json'),
      at('outputs/evals/math--m/b2/results.jsonl'),
      at('outputs/notes/other.jsonl'),
    ];
    expect(planFileImports([m1, r2, r1, m2, loose])).toEqual({
      imports: [{ file: r2, metadata: m2 }, { file: r1, metadata: m1 }, { file: loose }],
      notes: [],
    });
    // One run of the folder has its metadata.json: the other is not given it.
    expect(planFileImports([m1, r1, r2])).toEqual({ imports: [{ file: r1, metadata: m1 }, { file: r2 }], notes: [] });
  });

  it('imports a metadata.json chosen alone as data, so the importer can say what it is', () => {
    const meta = f('metadata.json');
    expect(planFileImports([meta])).toEqual({ imports: [{ file: meta }], notes: [] });
  });

  it('plans nothing for nothing', () => {
    expect(planFileImports([])).toEqual({ imports: [], notes: [] });
  });
});
