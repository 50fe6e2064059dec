import type { JsonObject } from '../src/core/json';

/**
 * Logs for the cold-start benchmark, in the shapes real ones have, made here so that anyone can
 * run the bench without someone else's data: an Inspect `.json` log (pretty-printed, as
 * `inspect eval` writes it; most of its bytes are the transcript — each model event repeats the
 * conversation so far and the provider call, tool outputs sit in `attachments`) and a vf-eval
 * `results.jsonl` of the same size (v0.1.12+ rows, tool calls as JSON strings). Deterministic: a
 * seeded generator, fixed timestamps.
 */

/** Park–Miller: the same text every run, so two runs time the same bytes. */
function prng(seed: number) {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

const WORDS =
  'the of refund order customer ticket policy audit table report status record quota retry region total delivered pending invoice account request response answer page search result value error timeout field schema query row column index'.split(
    ' ',
  );

function text(rand: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]!);
  return out.join(' ');
}

/** A hex id as Inspect's shortuuid / md5 attachment keys look (fixed length, from the generator). */
const hex = (rand: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
const stamp = (s: number) =>
  `2025-05-12T20:${String(27 + Math.floor(s / 60)).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}.${String(Math.floor((s % 1) * 1e6)).padStart(6, '0')}-04:00`;

const TOOLS: JsonObject[] = [
  {
    name: 'bash',
    description: 'Run a bash command in the sandbox and return its output.\n\nUse it to inspect files, run scripts and query the database with sqlite3.',
    parameters: { type: 'object', properties: { cmd: { type: 'string', description: 'The command.' } }, required: ['cmd'], additionalProperties: false },
  },
  {
    name: 'python',
    description: 'Run Python code in the sandbox. Print what you want to see: only stdout is returned.',
    parameters: { type: 'object', properties: { code: { type: 'string', description: 'The code.' } }, required: ['code'], additionalProperties: false },
  },
  {
    name: 'submit',
    description: 'Submit the final answer.',
    parameters: { type: 'object', properties: { answer: { type: 'string', description: 'The answer.' } }, required: ['answer'], additionalProperties: false },
  },
];

/** One sample of about `bytes` pretty-printed bytes: a tool-using agent over a few turns. */
function inspectSample(rand: () => number, index: number, outputWords: number): JsonObject {
  const attachments: Record<string, string> = {};
  const attach = (s: string) => {
    const key = hex(rand, 32);
    attachments[key] = s;
    return `attachment://${key}`;
  };
  const question = `Sample ${index + 1}: ${text(rand, 60)}. Report the total as a number.`;
  const answer = String(100 + Math.floor(rand() * 900));
  const messages: JsonObject[] = [
    { id: hex(rand, 22), content: 'You are a careful data analyst. Use the tools; check what they return before you answer.', role: 'system' },
    { id: hex(rand, 22), content: attach(question), source: 'input', role: 'user' },
  ];
  const events: JsonObject[] = [];
  let t = index * 9;
  const span = hex(rand, 32);
  events.push({ span_id: span, timestamp: stamp(t), working_start: 0, event: 'span_begin', id: span, type: 'init', name: 'init' });
  events.push({
    span_id: span,
    timestamp: stamp(t),
    working_start: 0,
    event: 'sample_init',
    sample: { input: attach(question), target: answer, id: index + 1 },
    state: {
      messages: messages.slice(1),
      tools: [],
      tool_choice: null,
      store: {},
      output: { model: 'openai/gpt-4o-mini', choices: [] },
      completed: false,
      metadata: {},
    },
  });
  events.push({ span_id: span, timestamp: stamp(t), working_start: 0, event: 'span_end', id: span });
  const turns = 4 + (index % 5);
  const usage = { input_tokens: 0, output_tokens: 0, total_tokens: 0, input_tokens_cache_read: 0, reasoning_tokens: 0 };
  for (let turn = 0; turn <= turns; turn++) {
    t += 1 + rand();
    const last = turn === turns;
    const call: { id: string; function: string; arguments: Record<string, string> } = last
      ? { id: `call_${hex(rand, 24)}`, function: 'submit', arguments: { answer } }
      : {
          id: `call_${hex(rand, 24)}`,
          function: turn % 2 ? 'python' : 'bash',
          arguments:
            turn % 2
              ? { code: `import sqlite3\nrows = sqlite3.connect('shop.db').execute("SELECT status, count(*) FROM orders GROUP BY 1").fetchall()\nprint(rows)` }
              : { cmd: `sqlite3 shop.db "SELECT * FROM orders WHERE region = 'r${turn}' LIMIT 40"` },
        };
    const reply: JsonObject = {
      id: hex(rand, 22),
      content: last ? `The total is ${answer}.` : '',
      source: 'generate',
      role: 'assistant',
      tool_calls: [call],
      model: 'gpt-4o-mini-2024-07-18',
    };
    const tokensIn = 900 + turn * 1400;
    usage.input_tokens += tokensIn;
    usage.output_tokens += 40;
    usage.total_tokens += tokensIn + 40;
    events.push({
      span_id: span,
      timestamp: stamp(t),
      working_start: t - index * 9,
      event: 'model',
      model: 'openai/gpt-4o-mini',
      input: messages.slice(),
      tools: TOOLS,
      tool_choice: 'auto',
      config: { parallel_tool_calls: false },
      output: {
        model: 'gpt-4o-mini-2024-07-18',
        choices: [{ message: reply, stop_reason: 'tool_calls' }],
        usage: { input_tokens: tokensIn, output_tokens: 40, total_tokens: tokensIn + 40, input_tokens_cache_read: 0, reasoning_tokens: 0 },
        time: 0.8,
      },
      // The provider call as sent and answered: the conversation again, in the provider's shape.
      call: {
        request: {
          messages: messages.map((m): JsonObject => {
            const calls = m.tool_calls as JsonObject[] | undefined;
            return {
              role: m.role!,
              content: m.content!,
              ...(calls
                ? { tool_calls: calls.map((c) => ({ id: c.id!, function: { name: c.function!, arguments: JSON.stringify(c.arguments) }, type: 'function' })) }
                : {}),
            };
          }),
          tools: TOOLS.map((tool) => ({ type: 'function', function: tool })),
          tool_choice: 'auto',
          model: 'gpt-4o-mini',
        },
        response: {
          id: `chatcmpl-${hex(rand, 29)}`,
          choices: [
            {
              finish_reason: 'tool_calls',
              index: 0,
              message: {
                content: null,
                role: 'assistant',
                tool_calls: [{ id: call.id, function: { arguments: JSON.stringify(call.arguments), name: call.function }, type: 'function' }],
              },
            },
          ],
          created: 1747096064,
          model: 'gpt-4o-mini-2024-07-18',
          object: 'chat.completion',
          usage: { completion_tokens: 40, prompt_tokens: tokensIn, total_tokens: tokensIn + 40 },
        },
        time: 0.79,
      },
      completed: stamp(t + 0.8),
      working_time: 0.8,
    });
    messages.push(reply);
    if (last) break;
    const output = Array.from(
      { length: 40 },
      (_, r) => `${1000 + r}|r${turn}|${text(rand, Math.max(1, Math.floor(outputWords / 40)))}|${(rand() * 100).toFixed(2)}`,
    ).join('\n');
    const toolSpan = hex(rand, 32);
    events.push({
      span_id: toolSpan,
      timestamp: stamp(t + 1),
      working_start: t + 1,
      event: 'span_begin',
      id: toolSpan,
      parent_id: span,
      type: 'tool',
      name: call.function,
    });
    events.push({
      span_id: toolSpan,
      timestamp: stamp(t + 1),
      working_start: t + 1,
      event: 'tool',
      type: 'function',
      id: call.id,
      function: call.function,
      arguments: call.arguments,
      result: attach(output),
      events: [],
      completed: stamp(t + 1.3),
      working_time: 0.3,
    });
    events.push({
      span_id: toolSpan,
      timestamp: stamp(t + 1),
      working_start: t + 1,
      event: 'sandbox',
      action: 'exec',
      cmd: turn % 2 ? 'python3 -' : `bash --login -c ${JSON.stringify(call.arguments.cmd ?? '')}`,
      options: { timeout: 180 },
      result: 0,
      output: output.slice(0, 2000),
      completed: stamp(t + 1.3),
    });
    events.push({ span_id: toolSpan, timestamp: stamp(t + 1.3), working_start: t + 1.3, event: 'span_end', id: toolSpan });
    messages.push({ id: hex(rand, 22), content: attach(output), role: 'tool', tool_call_id: call.id, function: call.function });
  }
  const correct = rand() < 0.6;
  events.push({
    span_id: span,
    timestamp: stamp(t + 2),
    working_start: t + 2,
    event: 'score',
    score: { value: correct ? 'C' : 'I', answer, explanation: `The total is ${answer}.` },
    target: answer,
    intermediate: false,
  });
  return {
    id: index + 1,
    epoch: 1,
    input: question,
    target: answer,
    messages,
    output: {
      model: 'gpt-4o-mini-2024-07-18',
      choices: [{ message: messages.at(-1)!, stop_reason: 'tool_calls' }],
      usage: { input_tokens: 900, output_tokens: 40, total_tokens: 940 },
      time: 0.8,
    },
    scores: { includes: { value: correct ? 'C' : 'I', answer, explanation: `The total is ${answer}.` } },
    metadata: { region: `r${index % 7}` },
    store: {},
    events,
    model_usage: { 'openai/gpt-4o-mini': usage },
    total_time: t + 2 - index * 9,
    working_time: t + 1 - index * 9,
    uuid: hex(rand, 22),
    error_retries: [],
    attachments,
  };
}

function inspectDocument(samples: number, outputWords: number): JsonObject {
  const rand = prng(26);
  const list = Array.from({ length: samples }, (_, i) => inspectSample(rand, i, outputWords));
  const correct = list.filter((s) => (s.scores as { includes: { value: string } }).includes.value === 'C').length;
  return {
    version: 2,
    status: 'success',
    eval: {
      eval_id: 'ZB2vu5GNujYaBdPSReCeop',
      run_id: 'Ta3ZFVTCTcjsb3AEX9FD9v',
      created: '2025-05-12T20:27:36-04:00',
      task: 'shop-analyst',
      task_id: 'XSogYfcZrx876NZYKz3Xf5',
      task_version: 0,
      task_file: 'evals/shop_analyst.py',
      task_attribs: {},
      task_args: {},
      dataset: { name: 'shop-analyst', samples, sample_ids: list.map((s) => s.id as number), shuffled: false },
      sandbox: { type: 'docker', config: 'compose.yaml' },
      model: 'openai/gpt-4o-mini',
      model_generate_config: {},
      model_args: {},
      config: {
        epochs: 1,
        epochs_reducer: ['mean'],
        fail_on_error: true,
        sandbox_cleanup: true,
        log_samples: true,
        log_realtime: true,
        log_images: true,
        score_display: true,
      },
      revision: { type: 'git', origin: 'git@example.org:evals.git', commit: 'e9a9d71' },
      packages: { inspect_ai: '0.3.95' },
      scorers: [
        {
          name: 'includes',
          options: {},
          metrics: [
            { name: 'inspect_ai/accuracy', options: {} },
            { name: 'inspect_ai/stderr', options: {} },
          ],
          metadata: {},
        },
      ],
    },
    plan: {
      name: 'plan',
      steps: [
        { solver: 'use_tools', params: { tools: TOOLS.map((t) => ({ type: 'tool', name: t.name!, params: {} })) } },
        { solver: 'generate', params: {} },
      ],
      config: {},
    },
    results: {
      total_samples: samples,
      completed_samples: samples,
      scores: [
        {
          name: 'includes',
          scorer: 'includes',
          params: {},
          metrics: { accuracy: { name: 'accuracy', value: correct / samples, params: {} }, stderr: { name: 'stderr', value: 0.09, params: {} } },
        },
      ],
    },
    stats: {
      started_at: '2025-05-12T20:27:36-04:00',
      completed_at: '2025-05-12T20:31:56-04:00',
      model_usage: { 'openai/gpt-4o-mini': { input_tokens: 1, output_tokens: 1, total_tokens: 2 } },
    },
    samples: list,
  };
}

/** The tool outputs' length (words per output) that makes the text about `bytes` long: a bisection (size grows with words). */
function sized(bytes: number, make: (words: number) => string): string {
  let lo = 40;
  let hi = 40 * 1024;
  let best = make(lo);
  if (best.length >= bytes) return best;
  while (hi - lo > 40) {
    const mid = Math.round((lo + hi) / 2);
    const out = make(mid);
    if (out.length > bytes) hi = mid;
    else [lo, best] = [mid, out];
    if (Math.abs(out.length - bytes) < bytes * 0.01) return out;
  }
  return best;
}

/** A pretty-printed Inspect `.json` log: `samples` samples, about `bytes` in all. */
export function inspectLogText(samples = 26, bytes = 3.4e6): string {
  return sized(bytes, (words) => `${JSON.stringify(inspectDocument(samples, words), null, 2)}\n`);
}

/** vf-eval results.jsonl (v0.1.12+ rows) of about `bytes`: a tool env, `rows` rollouts. */
export function vfEvalText(rows = 26, bytes = 3.4e6): string {
  return sized(bytes, (words) => {
    const rand = prng(7);
    const lines: string[] = [];
    for (let i = 0; i < rows; i++) {
      const completion: JsonObject[] = [];
      const turns = 4 + (i % 5);
      for (let turn = 0; turn < turns; turn++) {
        const id = `call_${hex(rand, 24)}`;
        completion.push({
          role: 'assistant',
          content: '',
          tool_calls: [
            JSON.stringify({ id, name: 'bash', arguments: JSON.stringify({ cmd: `sqlite3 shop.db "SELECT * FROM orders WHERE region = 'r${turn}'"` }) }),
          ],
        });
        completion.push({
          role: 'tool',
          tool_call_id: id,
          content: Array.from({ length: 40 }, (_, r) => `${1000 + r}|r${turn}|${text(rand, Math.max(1, Math.floor(words / 40)))}`).join('\n'),
        });
      }
      const answer = String(100 + Math.floor(rand() * 900));
      completion.push({ role: 'assistant', content: `The total is ${answer}.` });
      const reward = rand() < 0.6 ? 1 : 0;
      lines.push(
        JSON.stringify({
          example_id: Math.floor(i / 2),
          prompt: [
            { role: 'system', content: 'You are a careful data analyst.' },
            { role: 'user', content: `Question ${Math.floor(i / 2) + 1}: ${text(rand, 60)}` },
          ],
          completion,
          answer,
          info: { region: `r${i % 7}` },
          reward,
          error: null,
          timing: { start_time: 1747096064 + i, generation_ms: 8000, scoring_ms: 10, total_ms: 8010 },
          is_completed: true,
          is_truncated: false,
          stop_condition: 'no_tools_called',
          metrics: { correct_answer_reward_func: reward, num_turns: turns + 1 },
          correct_answer_reward_func: reward,
          num_turns: turns + 1,
          tool_defs: [TOOLS[0]],
          token_usage: { input_tokens: 900 * turns, output_tokens: 40 * turns },
        }),
      );
    }
    return `${lines.join('\n')}\n`;
  });
}
