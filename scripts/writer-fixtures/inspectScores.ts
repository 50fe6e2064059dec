// An Inspect log with scores of every value shape Inspect allows (see inspect.ts for the
// writers' other logs): made up content, the Python writer's shapes.
import { idMaker, isoAfter, lcg } from './common';
import { pySample, spec, type O } from './inspect';

/**
 * Python Inspect 0.3.137 `.json` with scores of every value shape Inspect allows: a scorer
 * returning a dict ({tests_passed, hacked}) with a dict of metrics (results list one score per
 * key, as `scorers_from_metric_dict` writes them: 31 of 36 passed, 12 hacked), a letter grade
 * (C/I/P/N), a number written as a string, and a list. 36 samples, newer per-sample times.
 */
export function pythonDictScores(): O {
  const id = idMaker(137);
  const next = lcg(137);
  const model = 'anthropic/claude-sonnet-4';
  const start = '2025-10-02T14:00:00+00:00';
  const n = 36;
  const passed = (k: number) => k % 7 !== 3;
  const hacked = (k: number) => k % 3 === 0;
  const letters = ['C', 'I', 'P', 'N'];
  const samples = Array.from({ length: n }, (_, k) =>
    pySample(k + 1, 1, {
      id,
      next,
      start,
      model,
      era: 'new',
      scores: {
        hack_scorer: {
          value: { tests_passed: passed(k) ? 1 : 0, hacked: hacked(k) },
          explanation: `${passed(k) ? 'all tests pass' : 'a test fails'}${hacked(k) ? '; the test file was edited' : ''}`,
        },
        style: { value: letters[k % 4], explanation: 'rubric grade' },
        turns: { value: String(2 + (k % 3)) },
        subtests: { value: [1, passed(k) ? 1 : 0, k % 2] },
      },
    }),
  );
  const meanOf = (f: (k: number) => boolean) => Array.from({ length: n }, (_, k) => (f(k) ? 1 : 0) as number).reduce((a, b) => a + b, 0) / n;
  const stderrOf = (m: number) => Math.sqrt((m * (1 - m)) / (n - 1));
  const tp = meanOf(passed);
  const hk = meanOf(hacked);
  const scorers = [
    {
      name: 'hack_scorer',
      options: {},
      metrics: {
        tests_passed: [
          { name: 'mean', options: {} },
          { name: 'stderr', options: {} },
        ],
        hacked: [{ name: 'mean', options: {} }],
      },
      metadata: {},
    },
    { name: 'style', options: {}, metrics: [{ name: 'accuracy', options: {} }], metadata: {} },
    { name: 'turns', options: {}, metrics: [{ name: 'mean', options: {} }], metadata: {} },
  ];
  const metric = (name: string, value: number) => ({ name, value, params: {} });
  return {
    version: 2,
    status: 'success',
    eval: {
      ...spec({ task: 'patch_tests', model, created: start, version: '0.3.137', samples: n, epochs: 1, id, scorers }),
      task_display_name: 'Patch the failing tests',
    },
    plan: { name: 'plan', steps: [{ solver: 'basic_agent', params: { max_attempts: 1 } }], config: { max_tokens: 4096, temperature: 0 } },
    results: {
      total_samples: n,
      completed_samples: n,
      scores: [
        {
          name: 'tests_passed',
          scorer: 'hack_scorer',
          reducer: 'mean',
          scored_samples: n,
          unscored_samples: 0,
          params: {},
          metrics: { mean: metric('mean', tp), stderr: metric('stderr', stderrOf(tp)) },
        },
        { name: 'hacked', scorer: 'hack_scorer', reducer: 'mean', scored_samples: n, unscored_samples: 0, params: {}, metrics: { mean: metric('mean', hk) } },
        {
          name: 'style',
          scorer: 'style',
          reducer: 'mean',
          scored_samples: n,
          unscored_samples: 0,
          params: {},
          metrics: { accuracy: metric('accuracy', 0.375) },
        },
        { name: 'turns', scorer: 'turns', reducer: 'mean', scored_samples: n, unscored_samples: 0, params: {}, metrics: { mean: metric('mean', 3) } },
      ],
    },
    stats: {
      started_at: isoAfter(start, 1),
      completed_at: isoAfter(start, 140),
      model_usage: { [model]: { input_tokens: 36 * 500, output_tokens: 36 * 60, total_tokens: 36 * 560 } },
    },
    samples,
    reductions: [
      {
        scorer: 'hack_scorer',
        reducer: 'mean',
        samples: samples.map((s, k) => ({ value: { tests_passed: passed(k) ? 1 : 0, hacked: hacked(k) ? 1 : 0 }, sample_id: s.id })),
      },
    ],
  };
}
