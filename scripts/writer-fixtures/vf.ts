// vf-eval result folders the importer must read beside its era fixtures
// (src/traces/import/fixtures): a hosted run's export and a local run whose info
// column is a JSON string. Shapes from verifiers' save_utils and Prime's run records.
import { lcg, prose } from './common';

type O = Record<string, unknown>;

function wordleRow(k: number, perExample: number, next: () => number, info: unknown, extra: O): O {
  const answer = ['crane', 'slate', 'pious', 'ghost', 'lunar'][k % 5]!;
  const guesses = 2 + (k % 4);
  const completion: O[] = [];
  for (let g = 0; g < guesses; g++) {
    const id = `call_${k}_${g}`;
    const word = g === guesses - 1 && k % 3 ? answer : ['adieu', 'stern', 'mound', 'lofty'][g % 4]!;
    completion.push({ role: 'assistant', content: prose(next, 4), tool_calls: [JSON.stringify({ id, name: 'guess', arguments: JSON.stringify({ word }) })] });
    completion.push({ role: 'tool', tool_call_id: id, content: word === answer ? 'GGGGG' : 'BYBBG' });
  }
  const solved = k % 3 !== 0;
  const reward = solved ? Math.round((1 - (guesses - 2) * 0.1) * 100) / 100 : 0;
  const metrics = { correct_answer: solved ? 1 : 0, num_turns: guesses, total_tool_calls: guesses, guess_calls: guesses };
  return {
    example_id: Math.floor(k / perExample),
    prompt: [
      { role: 'system', content: 'Play Wordle. Call guess with a five-letter word.' },
      { role: 'user', content: 'Start guessing.' },
    ],
    completion,
    answer,
    info,
    reward,
    error: null,
    timing: {
      start_time: 1757664000 + k * 9,
      generation: { start: 1757664000 + k * 9, end: 1757664006 + k * 9, duration: 6.0 + k / 10 },
      scoring: { start: 1757664006 + k * 9, end: 1757664006.2 + k * 9, duration: 0.2 },
      total: 6.2 + k / 10,
    },
    is_completed: true,
    is_truncated: false,
    stop_condition: solved ? 'game_ended' : 'max_turns_reached',
    metrics,
    ...metrics,
    token_usage: { input_tokens: 800 + k * 20, output_tokens: 90 + k },
    ...extra,
  };
}

/**
 * A hosted run's export: Prime's run record as metadata.json (`{run: {base_model,
 * environments: [{id}], …}}`, not vf-eval's keys), and rows whose `info` is "" and which
 * name the env in `env_name`. 25 rows: 5 examples × 5 rollouts.
 */
export function hostedRun(): { metadata: O; rows: O[] } {
  const next = lcg(25);
  const rows = Array.from({ length: 25 }, (_, k) => wordleRow(k, 5, next, '', { env_name: 'wordle', step: 40 }));
  const metadata = {
    run: {
      id: 'cm9x2hosted0001',
      name: 'wordle-qwen3-4b',
      user_id: 'user_01',
      team_id: null,
      status: 'COMPLETED',
      kind: 'SHARED_RFT_HOSTED',
      rollouts_per_example: 5,
      seq_len: 4096,
      max_steps: 40,
      max_tokens: 512,
      batch_size: 64,
      loss: 'rl',
      base_model: 'Qwen/Qwen3-4B-Instruct-2507',
      environments: [{ id: 'acme/wordle@0.1.4', args: { max_turns: 6 } }],
      learning_rate: 0.00002,
      started_at: '2025-09-12T08:00:00Z',
      completed_at: '2025-09-12T09:41:12Z',
      created_at: '2025-09-12T07:58:40Z',
      updated_at: '2025-09-12T09:41:12Z',
    },
  };
  return { metadata, rows };
}

/**
 * A local vf-eval run (v0.3) of a dataset whose `info` column is a JSON string:
 * verifiers decodes it (`json.loads`) before the env reads it, and writes it back as read.
 */
export function stringInfo(): { metadata: O; rows: O[] } {
  const next = lcg(3);
  const rows = Array.from({ length: 6 }, (_, k) => wordleRow(k, 3, next, JSON.stringify({ difficulty: ['easy', 'hard'][k % 2], env_id: 'wordle-hard' }), {}));
  const metadata = {
    env_id: 'wordle-hard',
    env_args: {},
    model: 'gpt-4.1-mini',
    base_url: 'https://api.openai.com/v1',
    num_examples: 2,
    rollouts_per_example: 3,
    sampling_args: { n: 1, extra_body: {}, max_tokens: null },
    time: 41.2,
    avg_reward: Math.round((rows.reduce((n, r) => n + (r.reward as number), 0) / rows.length) * 1e4) / 1e4,
    avg_metrics: { correct_answer: 0.6667, num_turns: 3.5 },
    avg_error: 0.0,
    usage: { input_tokens: 850.0, output_tokens: 92.5 },
    version_info: { vf_version: '0.3.0', vf_commit: null, env_version: '0.1.0', env_commit: null },
    state_columns: [],
    tools: [
      {
        name: 'guess',
        description: 'Guess a five-letter word.',
        parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'], additionalProperties: false },
        strict: true,
      },
    ],
    pass_at_k: { '1': 0.6667, '2': 0.8333 },
    pass_all_k: { '1': 0.6667, '2': 0.5 },
    pass_threshold: 0.5,
    shuffle: false,
    shuffle_seed: null,
  };
  return { metadata, rows };
}
