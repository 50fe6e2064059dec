// Inspect logs as each writer and era leaves them, from the published schema and the
// writers' source (Inspect's recorders, the R package vitals' translate-*.R), never copied
// from anyone's log. Content is made up; shapes are the writers'.
import { idMaker, isoAfter, lcg, prose } from './common';

export type O = Record<string, unknown>;

const TOOL = {
  name: 'lookup_order',
  description: 'Look up an order by id.',
  parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'], additionalProperties: false },
};

/** A Python Inspect sample: tool-using conversation, scores, events, usage, as `EvalSample` serialises with exclude_none. */
export function pySample(
  i: number,
  epoch: number,
  o: { id: () => string; next: () => number; start: string; model: string; era: 'old' | 'new'; error?: boolean; scores?: O },
): O {
  const q = `Order ${1000 + i}: ${prose(o.next, 6)} What is its total?`;
  const total = String(20 + ((i * 7 + epoch) % 50));
  const call = { id: `call_${o.id().slice(0, 12)}`, function: 'lookup_order', arguments: { order_id: String(1000 + i) }, type: 'function' };
  const messages: O[] = [
    { id: o.id(), content: 'You are a careful support agent.', role: 'system', source: 'input' },
    { id: o.id(), content: q, source: 'input', role: 'user' },
    { id: o.id(), content: '', source: 'generate', role: 'assistant', tool_calls: [call], model: o.model },
    { id: o.id(), content: `{"order_id": "${1000 + i}", "total": ${total}}`, role: 'tool', tool_call_id: call.id, function: 'lookup_order' },
  ];
  if (!o.error) messages.push({ id: o.id(), content: `The total is ${total}.`, source: 'generate', role: 'assistant', model: o.model });
  const usage = { input_tokens: 300 + i * 11, output_tokens: 40 + i, total_tokens: 340 + i * 12 };
  const t0 = i * 3 + epoch;
  const events: O[] = [
    {
      timestamp: isoAfter(o.start, t0),
      working_start: 0,
      event: 'sample_init',
      sample: { input: q, target: total, id: i },
      state: { messages: messages.slice(0, 2) },
    },
    {
      timestamp: isoAfter(o.start, t0 + 0.4),
      working_start: 0.4,
      event: 'model',
      model: o.model,
      input: messages.slice(0, 2),
      tools: [TOOL],
      tool_choice: 'auto',
      config: {},
      output: { model: o.model, choices: [] },
    },
    {
      timestamp: isoAfter(o.start, t0 + 1.1),
      working_start: 1.1,
      event: 'tool',
      type: 'function',
      id: call.id,
      function: 'lookup_order',
      arguments: call.arguments,
      result: messages[3]!.content,
    },
  ];
  const sample: O = {
    id: i,
    epoch,
    input: q,
    target: total,
    messages,
    output: o.error
      ? { model: o.model, choices: [] }
      : { model: o.model, choices: [{ message: messages[messages.length - 1], stop_reason: 'stop' }], usage, time: 1.25 + i / 10 },
    metadata: { region: i % 2 ? 'emea' : 'apac' },
    store: {},
    events,
    model_usage: { [o.model]: usage },
    total_time: 2.5 + i / 4,
    working_time: 2.1 + i / 4,
    uuid: o.id(),
  };
  if (o.era === 'new') {
    sample.started_at = isoAfter(o.start, t0);
    sample.completed_at = isoAfter(o.start, t0 + 2.5 + i / 4);
  }
  if (o.scores) sample.scores = o.scores;
  if (o.error)
    sample.error = {
      message: `RuntimeError('order service unavailable for ${1000 + i}')`,
      traceback: 'Traceback (most recent call last):\n  File "solver.py", line 41\nRuntimeError: order service unavailable',
      traceback_ansi: '',
    };
  return sample;
}

export const spec = (o: {
  task: string;
  model: string;
  created: string;
  version: string;
  samples: number;
  epochs: number;
  id: () => string;
  scorers: O[];
}): O => ({
  eval_id: o.id(),
  run_id: o.id(),
  created: o.created,
  task: o.task,
  task_id: o.id(),
  task_version: 0,
  task_file: 'orders.py',
  task_attribs: {},
  task_args: {},
  dataset: { name: 'orders', location: 'orders.jsonl', samples: o.samples, sample_ids: Array.from({ length: o.samples }, (_, i) => i + 1), shuffled: false },
  model: o.model,
  model_args: {},
  config: { epochs: o.epochs },
  revision: { type: 'git', origin: 'https://example.org/evals.git', commit: 'a1b2c3d' },
  packages: { inspect_ai: o.version },
  scorers: o.scorers,
});

/** Python Inspect 0.3.46-era `.json`: one document, accuracy and stderr, reductions, no per-sample times. */
export function pythonJson046(): O {
  const id = idMaker(46);
  const next = lcg(46);
  const model = 'openai/gpt-4o-mini';
  const start = '2024-11-05T09:30:00+00:00';
  const samples = Array.from({ length: 5 }, (_, k) => {
    const correct = k !== 2;
    return pySample(k + 1, 1, {
      id,
      next,
      start,
      model,
      era: 'old',
      scores: { match: { value: correct ? 'C' : 'I', answer: correct ? '27' : '13', explanation: correct ? 'matches' : 'differs' } },
    });
  });
  return {
    version: 2,
    status: 'success',
    eval: spec({
      task: 'order_totals',
      model,
      created: start,
      version: '0.3.46',
      samples: 5,
      epochs: 1,
      id,
      scorers: [
        {
          name: 'match',
          options: {},
          metrics: [
            { name: 'accuracy', options: {} },
            { name: 'stderr', options: {} },
          ],
          metadata: {},
        },
      ],
    }),
    plan: {
      name: 'plan',
      steps: [
        { solver: 'use_tools', params: { tools: ['lookup_order'] } },
        { solver: 'generate', params: {} },
      ],
      config: {},
    },
    results: {
      total_samples: 5,
      completed_samples: 5,
      scores: [
        {
          name: 'match',
          scorer: 'match',
          reducer: 'mean',
          params: {},
          metrics: { accuracy: { name: 'accuracy', value: 0.8, params: {} }, stderr: { name: 'stderr', value: 0.2, params: {} } },
        },
      ],
    },
    stats: {
      started_at: '2024-11-05T09:30:01+00:00',
      completed_at: '2024-11-05T09:30:19+00:00',
      model_usage: { [model]: { input_tokens: 1610, output_tokens: 215, total_tokens: 1825 } },
    },
    samples,
    reductions: [
      {
        scorer: 'match',
        reducer: 'mean',
        samples: samples.map((s) => ({ value: (s.scores as O & { match: { value: string } }).match.value === 'C' ? 1 : 0, answer: null, sample_id: s.id })),
      },
    ],
  };
}

/** Python Inspect 0.3.9x `.eval` (deflate): 3 samples × 2 epochs with times; returned as the entries in the recorder's order. */
export function pythonEval09x(): [string, unknown][] {
  const id = idMaker(95);
  const next = lcg(95);
  const model = 'anthropic/claude-3-5-haiku-latest';
  const start = '2025-05-20T14:00:00+00:00';
  const ev = spec({
    task: 'order_totals',
    model,
    created: start,
    version: '0.3.95',
    samples: 3,
    epochs: 2,
    id,
    scorers: [
      {
        name: 'match',
        options: {},
        metrics: [
          { name: 'accuracy', options: {} },
          { name: 'stderr', options: {} },
        ],
        metadata: {},
      },
    ],
  });
  const plan = { name: 'plan', steps: [{ solver: 'react', params: {} }], config: {} };
  const samples: O[] = [];
  for (let i = 1; i <= 3; i++)
    for (let e = 1; e <= 2; e++)
      samples.push(pySample(i, e, { id, next, start, model, era: 'new', scores: { match: { value: (i + e) % 3 ? 'C' : 'I', answer: 'x' } } }));
  const summaries = samples.map((s) => ({
    id: s.id,
    epoch: s.epoch,
    input: s.input,
    target: s.target,
    scores: s.scores,
    model_usage: s.model_usage,
    total_time: s.total_time,
    working_time: s.working_time,
    uuid: s.uuid,
    retries: 0,
    completed: true,
  }));
  const header = {
    version: 2,
    status: 'success',
    eval: ev,
    plan,
    results: {
      total_samples: 6,
      completed_samples: 6,
      scores: [
        {
          name: 'match',
          scorer: 'match',
          reducer: 'mean',
          scored_samples: 3,
          unscored_samples: 0,
          params: {},
          metrics: { accuracy: { name: 'accuracy', value: 0.6666666666666666, params: {} }, stderr: { name: 'stderr', value: 0.3333333333333333, params: {} } },
        },
      ],
    },
    stats: {
      started_at: '2025-05-20T14:00:02.512344+00:00',
      completed_at: '2025-05-20T14:00:31.904211+00:00',
      model_usage: { [model]: { input_tokens: 1986, output_tokens: 264, total_tokens: 2250, input_tokens_cache_read: 0 } },
    },
  };
  return [
    ['_journal/start.json', { version: 2, eval: ev, plan }],
    ...samples.map((s): [string, unknown] => [`samples/${String(s.id)}_epoch_${String(s.epoch)}.json`, s]),
    ['_journal/summaries/1.json', summaries],
    ['summaries.json', summaries],
    ['reductions.json', [{ scorer: 'match', reducer: 'mean', samples: [1, 2, 3].map((i) => ({ value: (i + 1) % 3 && (i + 2) % 3 ? 1 : 0.5, sample_id: i })) }]],
    ['header.json', header],
  ];
}

/**
 * Python Inspect 0.3.13x `.eval` (zstd): 8 samples of which 4 errored (no scores), custom
 * metrics on a dict score, as a run with fail_on_error=False leaves them.
 */
export function pythonEvalZstd(): [string, unknown][] {
  const id = idMaker(130);
  const next = lcg(130);
  const model = 'openai/gpt-4.1';
  const start = '2025-09-12T08:15:00+00:00';
  const scorers = [
    {
      name: 'switching',
      options: {},
      metrics: [
        { name: 'switch_rate', options: {} },
        { name: 'mean_switches', options: {} },
        { name: 'mean_reward', options: {} },
      ],
      metadata: {},
    },
  ];
  const ev = {
    ...spec({ task: 'policy_switching', model, created: start, version: '0.3.133', samples: 8, epochs: 1, id, scorers }),
    eval_set_id: id(),
    tags: ['nightly'],
    metadata: { owner: 'evals-team' },
  };
  const plan = { name: 'plan', steps: [{ solver: 'basic_agent', params: { max_attempts: 2 } }], config: { max_tokens: 2048 } };
  const samples = Array.from({ length: 8 }, (_, k) => {
    const errored = k % 2 === 1;
    const value = { switches: 2 + (k % 3), reward: 3_000_000 + k * 240_000 };
    return pySample(k + 1, 1, {
      id,
      next,
      start,
      model,
      era: 'new',
      error: errored,
      ...(errored ? {} : { scores: { switching: { value, answer: String(value.switches), explanation: 'switched policy' } } }),
    });
  });
  const header = {
    version: 2,
    status: 'success',
    eval: ev,
    plan,
    results: {
      total_samples: 8,
      completed_samples: 4,
      scores: [
        {
          name: 'switching',
          scorer: 'switching',
          reducer: 'mean',
          scored_samples: 4,
          unscored_samples: 0,
          params: {},
          metrics: {
            switch_rate: { name: 'switch_rate', value: 1.0, params: {} },
            mean_switches: { name: 'mean_switches', value: 2.68, params: {} },
            mean_reward: { name: 'mean_reward', value: 3_720_000, params: {} },
          },
        },
      ],
    },
    stats: {
      started_at: '2025-09-12T08:15:01.004122+00:00',
      completed_at: '2025-09-12T08:16:44.871090+00:00',
      model_usage: { [model]: { input_tokens: 2900, output_tokens: 388, total_tokens: 3288, input_tokens_cache_read: 1024, reasoning_tokens: 0 } },
    },
    invalidated: false,
  };
  return [
    ['_journal/start.json', { version: 2, eval: ev, plan }],
    ...samples.map((s): [string, unknown] => [`samples/${String(s.id)}_epoch_1.json`, s]),
    [
      'summaries.json',
      samples.map((s) => ({
        id: s.id,
        epoch: 1,
        input: s.input,
        target: s.target,
        scores: s.scores ?? {},
        error: (s.error as O | undefined)?.message ?? null,
        completed: true,
      })),
    ],
    ['reductions.json', [{ scorer: 'switching', reducer: 'mean', samples: [] }]],
    ['header.json', header],
  ];
}

/** Inspect's first log schema (version 1): one scorer in results, a `score` per sample. */
export function pythonJsonV1(): O {
  const id = idMaker(1);
  const next = lcg(1);
  const model = 'openai/gpt-4';
  const start = '2024-05-02T16:00:00+00:00';
  const samples = Array.from({ length: 3 }, (_, k) => {
    const s = pySample(k + 1, 1, { id, next, start, model, era: 'old' });
    delete s.events;
    return { ...s, score: { value: k === 0 ? 'I' : 'C', answer: 'x', explanation: null } };
  });
  return {
    version: 1,
    status: 'success',
    eval: {
      run_id: id(),
      created: start,
      task: 'order_totals',
      task_version: 0,
      task_file: 'orders.py',
      task_id: id(),
      dataset: { name: 'orders', samples: 3 },
      model,
      model_args: {},
      config: {},
      packages: { inspect_ai: '0.3.4' },
    },
    plan: { name: 'plan', steps: [{ solver: 'generate', params: {} }], config: {} },
    results: { scorer: { name: 'match', params: {} }, metrics: { accuracy: { name: 'accuracy', value: 0.6666666666666666, options: {} } } },
    stats: { started_at: '2024-05-02T16:00:01', completed_at: '2024-05-02T16:00:09', model_usage: {} },
    samples,
  };
}

/**
 * A log from the R writer (the vitals package, which writes `inspect_ai 0.3.63` in its
 * header): 26 samples, 24 of them tool-using, whose tool results carry `tool_call_id` and
 * `function` but no `role` (translate-messages.R returns before setting it). Scorer names
 * carry the grader model; accuracy is a percentage; empty R lists are `{}`.
 */
export function rVitals(): O {
  const id = idMaker(63);
  const next = lcg(63);
  const model = 'claude-sonnet-4-5-20250929';
  const scorer = `model_graded_qa() (${model})`;
  const created = '2025-11-20T13:57:48-06:00';
  const grades = ['C', 'C', 'I', 'C', 'P', 'C', 'I', 'C', 'C', 'C', 'I', 'C', 'P'];
  const samples = Array.from({ length: 26 }, (_, k) => {
    const i = k + 1;
    const tools = k >= 2;
    const input = `How many rows of the orders table have status "${['late', 'open', 'held'][k % 3]}" in region ${(k % 5) + 1}?`;
    const answer = String(3 + ((k * 5) % 17));
    const messages: O[] = [{ id: id(), content: input, source: 'input', role: 'user' }];
    if (tools) {
      const calls = Array.from({ length: 1 + (k % 3) }, (_, c) => ({
        id: `toolu_${id()}`,
        function: c === 0 ? 'run_r_code' : 'read_table',
        arguments: c === 0 ? { code: `nrow(subset(orders, region == ${(k % 5) + 1}))` } : { name: 'orders' },
      }));
      messages.push({ id: id(), content: [{ type: 'text', text: prose(next, 8) }], source: 'generate', tool_calls: calls, model, role: 'assistant' });
      for (const c of calls)
        messages.push({ id: id(), content: c.function === 'run_r_code' ? `[1] ${answer}` : prose(next, 12), tool_call_id: c.id, function: c.function });
    }
    messages.push({ id: id(), content: [{ type: 'text', text: `There are ${answer} such rows.` }], source: 'generate', role: 'assistant' });
    const usage = {
      input_tokens: 900 + k * 37,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 120 + k * 3,
      total_tokens: 1020 + k * 40,
    };
    const at = (s: number) => isoAfter('2025-11-20T19:57:50Z', k * 4 + s, '-06:00');
    return {
      id: i,
      epoch: 1,
      input,
      target: answer,
      messages,
      output: {
        model,
        choices: [{ message: messages[messages.length - 1], stop_reason: 'stop' }],
        usage: {
          input_tokens: usage.input_tokens,
          input_tokens_cache_write: 0,
          input_tokens_cache_read: 0,
          output_tokens: usage.output_tokens,
          total_tokens: usage.total_tokens,
        },
        time: 2.4 + k / 10,
      },
      scores: {
        [scorer]: {
          value: grades[k % grades.length],
          answer: `There are ${answer} such rows.`,
          explanation: `The submission gives ${answer}.\n\nGRADE: ${grades[k % grades.length]}`,
          metadata: {
            grading: [
              { id: id(), content: `[Task]: ${input}`, role: 'user' },
              { id: id(), content: [{ type: 'text', text: `GRADE: ${grades[k % grades.length]}` }], source: 'generate', role: 'assistant' },
            ],
          },
        },
      },
      metadata: {},
      store: {},
      events: [
        { timestamp: at(0), working_start: 0, event: 'step', action: 'begin', name: 'init' },
        {
          timestamp: at(0.01),
          working_start: 0,
          event: 'sample_init',
          sample: { input, target: answer, id: i },
          state: { messages: messages.slice(0, 1), tools: [], tool_choice: {}, store: {}, output: { model, choices: [] }, completed: false, metadata: {} },
        },
        { timestamp: at(0.02), working_start: 0, event: 'step', action: 'end', name: 'init' },
        {
          timestamp: at(0.5),
          working_start: 0,
          event: 'model',
          model,
          input: messages.slice(0, 1),
          tools: [],
          tool_choice: 'none',
          config: { max_tokens: 4096 },
          output: { model, choices: [] },
          completed: at(2.4),
          working_time: 2.4,
        },
      ],
      model_usage: { [model]: usage },
      attachments: {},
    };
  });
  const scored = samples.map((s) => (Object.values(s.scores)[0] as { value: string }).value);
  const accuracy = (100 * scored.filter((g) => g === 'C').length + 50 * scored.filter((g) => g === 'P').length) / scored.length;
  const total = samples.reduce((n, s) => n + (s.model_usage[model] as { total_tokens: number }).total_tokens, 0);
  return {
    version: 2,
    status: 'success',
    eval: {
      run_id: id(),
      created,
      task: 'An R Eval',
      task_id: id(),
      task_version: 0,
      task_file: '',
      task_attribs: {},
      task_args: {},
      dataset: { samples: 26, sample_ids: samples.map((s) => s.id), shuffled: false },
      model: `agent(chat_anthropic()) (${model})`,
      model_args: {},
      config: {},
      revision: { type: 'git', origin: 'https://github.com/UKGovernmentBEIS/inspect_ai.git', commit: '9140d8a2' },
      packages: { inspect_ai: '0.3.63' },
      scorers: [{ name: 'model_graded_qa()', options: {}, metrics: [{ name: 'mean', options: {} }], metadata: {} }],
    },
    plan: { name: 'plan', steps: [{ solver: `agent(chat_anthropic()) (${model})`, params: { '1': 'self$get_samples()$input' } }], config: {} },
    results: {
      total_samples: 26,
      completed_samples: 26,
      scores: [
        {
          name: scorer,
          scorer,
          params: {},
          metrics: { accuracy: { name: 'accuracy', value: Math.round(accuracy * 1e4) / 1e4, params: { '1': 'numeric_scores' } } },
        },
      ],
    },
    stats: {
      started_at: '2025-11-20T13:57:50-06:00',
      completed_at: '2025-11-20T13:59:35-06:00',
      model_usage: {
        [model]: { input_tokens: total - 4000, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 4000, total_tokens: total },
      },
    },
    samples,
  };
}
