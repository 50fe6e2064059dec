import { scriptedAgent } from './agent';
import { ANSWER_FORMATS, renderAnswer, type AnswerTable } from './answerFormats';
import { runEpisode } from './episode';
import type { Json } from './json';
import type { Scorecard, Task, ToolCall, Trace } from './types';
import type { World } from './world';

/**
 * The verifier's contract (DESIGN.md, "Verifier integrity"), and the variants
 * that prove it. Every world states the three rules in its own terms; every
 * oracle run is rewritten into *equivalent* variants, which must keep the
 * oracle's reward and verdict exactly, and *breaking* ones, one operator per
 * rule, which must fail at or under the ceiling with the right caught-by.
 */
export const CONTRACT_RULES = {
  'end-state': 'The end state is a diff: the initial state plus exactly the required effects; every other change is named.',
  observed: 'Only observed facts count: a value is credited only if the prompt named it or the world showed it earlier in the episode.',
  decisions: 'Decisions follow the checks: an action is credited only when it agrees with what the check returned; required steps count only when performed.',
} as const;

export type ContractRule = keyof typeof CONTRACT_RULES;

/** The highest full reward a breaking variant may keep, unless its operator states a published exception. */
export const BREAKING_CEILING = 0.25;

/** What an operator sees: one task and the oracle's run of it. */
export interface OracleRun {
  task: Task;
  trace: Trace;
  calls: ToolCall[];
}

export interface Variant {
  /** This instance among the operator's variants: a format, a table, a column. */
  label: string;
  calls: ToolCall[];
}

export interface VariantOperator {
  id: string;
  kind: 'equivalent' | 'breaking';
  description: string;
  /** Breaking operators: the rule the variant breaks. */
  rule?: ContractRule;
  /** Breaking operators: text the full verdict's caught-by must contain (the layer it breaks, e.g. "(L1)"). */
  caughtBy?: string;
  /** Breaking operators: a published exception to `BREAKING_CEILING`, with why (docs/worlds.md and the README list each). */
  ceiling?: { value: number; why: string };
  apply(run: OracleRun): Variant[];
}

/** An equivalent operator: its variants must keep the oracle's reward and verdict exactly. */
export function equivalent(id: string, description: string, apply: (run: OracleRun) => Variant[]): VariantOperator {
  return { id, kind: 'equivalent', description, apply };
}

/** A breaking operator: its variants break `rule` and must fail at or under the ceiling, caught by `caughtBy`. */
export function breaking(
  id: string,
  rule: ContractRule,
  caughtBy: string,
  description: string,
  apply: (run: OracleRun) => Variant[],
  ceiling?: VariantOperator['ceiling'],
): VariantOperator {
  return { id, kind: 'breaking', rule, caughtBy, description, ...(ceiling ? { ceiling } : {}), apply };
}

/** Where a world's final answer is, for the generic answer operators. */
export interface AnswerSlot {
  /** The index of the call that hands in the final answer, or -1. */
  find(calls: readonly ToolCall[]): number;
  /** The oracle's answer as a table, or null where it is not one. */
  table(run: OracleRun): AnswerTable | null;
  /** The same call with another answer text. */
  withText(call: ToolCall, text: string): ToolCall;
  /** What the caught-by names when no answer is handed in, e.g. "(L0)". */
  droppedCaughtBy: string;
  /** Published exception for the dropped answer, where the seed's weights force more than the ceiling. */
  droppedCeiling?: { value: number; why: string };
}

/** A world's contract: the rules in its own words, its operators, and its answer slot if it has one. */
export interface WorldContract {
  rules: Record<ContractRule, string>;
  operators: VariantOperator[];
  answer?: AnswerSlot;
  /** The tasks variants are generated on (several seeds, say); defaults to the world's task list. */
  tasks?(): Task[];
}

/** Every final-answer format of `answerFormats.ts`, as equivalent variants. */
export function answerFormatOperator(slot: AnswerSlot): VariantOperator {
  return {
    id: 'answer-format',
    kind: 'equivalent',
    description: `the final answer rewritten in ${ANSWER_FORMATS.length} formats (lists, JSON, markdown, CSV, YAML, HTML, units, prose, words; a sentence per row, continental separators, amounts in words, other scripts' digits, currency codes, surname first)`,
    apply: (run) => {
      const at = slot.find(run.calls);
      const table = slot.table(run);
      if (at < 0 || !table) return [];
      return ANSWER_FORMATS.map((format) => ({
        label: format,
        calls: run.calls.map((c, i) => (i === at ? slot.withText(c, renderAnswer(table, format)) : c)),
      }));
    },
  };
}

export function answerDroppedOperator(slot: AnswerSlot): VariantOperator {
  return {
    id: 'answer-dropped',
    kind: 'breaking',
    rule: 'observed',
    description: 'the final answer never handed in',
    caughtBy: slot.droppedCaughtBy,
    ...(slot.droppedCeiling ? { ceiling: slot.droppedCeiling } : {}),
    apply: (run) => {
      const at = slot.find(run.calls);
      return at < 0 ? [] : [{ label: 'dropped', calls: run.calls.filter((_, i) => i !== at) }];
    },
  };
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function renameArgs(args: Json, rename: (key: string) => string): Json {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return args;
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [rename(k), v]));
}

/**
 * The names an agent may use for the same calls (`lenient.ts`): the world's own
 * aliases, an MCP prefix with camelCase arguments, arguments sent as a JSON string.
 */
export const aliasOperator: VariantOperator = {
  id: 'aliases',
  kind: 'equivalent',
  description: 'tool and argument aliases: the world’s published aliases, an MCP prefix with camelCase arguments, arguments as a JSON string',
  apply: ({ task, calls }) => {
    const toolAlias = (name: string) => Object.entries(task.lenient?.tools ?? {}).find(([, to]) => to === name)?.[0];
    const argAlias = (tool: string, key: string) => Object.entries(task.lenient?.args?.[tool] ?? {}).find(([, to]) => to === key)?.[0] ?? key;
    const variants: Variant[] = [
      {
        label: 'mcp-prefix',
        calls: calls.map((c) => ({ ...c, name: `mcp__${task.world.replace(/-/g, '_')}__${c.name}`, arguments: renameArgs(c.arguments, camel) })),
      },
      { label: 'json-string-arguments', calls: calls.map((c) => ({ ...c, arguments: JSON.stringify(c.arguments) })) },
    ];
    if (calls.some((c) => toolAlias(c.name) !== undefined))
      variants.unshift({
        label: 'world-aliases',
        calls: calls.map((c) => ({ ...c, name: toolAlias(c.name) ?? c.name, arguments: renameArgs(c.arguments, (k) => argAlias(c.name, k)) })),
      });
    return variants;
  },
};

/** The world's operators plus the generic ones its contract enables. */
export function operatorsOf(contract: WorldContract): VariantOperator[] {
  const generic = contract.answer ? [answerFormatOperator(contract.answer), answerDroppedOperator(contract.answer)] : [];
  return [...generic, aliasOperator, ...contract.operators];
}

export interface VariantResult {
  task: string;
  operator: string;
  kind: VariantOperator['kind'];
  label: string;
  reward: number;
  verdict: Scorecard['verdict'];
  /** Null when the variant holds the contract; else what is wrong. */
  problem: string | null;
}

/** The oracle's run of a task: its trace and the calls it made. */
export async function oracleRun(world: World, task: Task): Promise<OracleRun> {
  const oracle = world.referenceAgents.find((a) => a.role === 'oracle' && a.appliesTo(task));
  if (!oracle) throw new Error(`${world.id}: no oracle for ${task.id}`);
  const trace = await runEpisode(world, task, oracle.create(task));
  return { task, trace, calls: trace.steps.map((s) => s.call) };
}

/** Why a variant's scorecard breaks the contract, or null when it holds. */
export function judgeVariant(op: VariantOperator, oracle: Scorecard, card: Scorecard): string | null {
  if (op.kind === 'equivalent') {
    if (card.reward !== oracle.reward || card.verdict.full !== oracle.verdict.full)
      return `equivalent variant scored ${card.reward} ${card.verdict.full}, the oracle ${oracle.reward} ${oracle.verdict.full} (${card.verdict.caughtBy ?? 'no caught-by'})`;
    return null;
  }
  const ceiling = op.ceiling?.value ?? BREAKING_CEILING;
  if (card.verdict.full !== 'FAIL') return `breaking variant passed the full verifier (${card.reward})`;
  if (card.reward > ceiling) return `breaking variant scored ${card.reward} > ${ceiling} (${card.verdict.caughtBy})`;
  if (op.caughtBy && !(card.verdict.caughtBy ?? '').includes(op.caughtBy)) return `caught by "${card.verdict.caughtBy}", not by ${op.caughtBy}`;
  return null;
}

/** Every variant of every operator on one task, scored and judged. */
export async function checkTask(world: World, contract: WorldContract, task: Task): Promise<VariantResult[]> {
  const run = await oracleRun(world, task);
  const oracle = run.trace.scorecard;
  if (!oracle) throw new Error(`${world.id}: the oracle produced no scorecard on ${task.id}`);
  const out: VariantResult[] = [];
  for (const op of operatorsOf(contract))
    for (const v of op.apply(run)) {
      const trace = await runEpisode(world, task, scriptedAgent(`variant:${op.id}:${v.label}`, v.calls));
      const card = trace.scorecard;
      const problem = card ? judgeVariant(op, oracle, card) : 'no scorecard';
      out.push({
        task: task.id,
        operator: op.id,
        kind: op.kind,
        label: v.label,
        reward: card?.reward ?? 0,
        verdict: card?.verdict ?? { naive: 'FAIL', full: 'FAIL', caughtBy: null },
        problem,
      });
    }
  return out;
}

/** Every task of the contract. */
export async function checkWorld(world: World, contract: WorldContract): Promise<VariantResult[]> {
  const out: VariantResult[] = [];
  for (const task of contract.tasks?.() ?? world.listTasks()) out.push(...(await checkTask(world, contract, task)));
  return out;
}

export interface OperatorRow {
  operator: string;
  kind: VariantOperator['kind'];
  count: number;
  /** Equivalent: the lowest reward; breaking: the highest. */
  worst: number;
  ceiling: number | null;
  failures: number;
}

/** One row per operator: how many variants, the worst reward, how many broke the contract. */
export function operatorTable(contract: WorldContract, results: readonly VariantResult[]): OperatorRow[] {
  return operatorsOf(contract).map((op) => {
    const own = results.filter((r) => r.operator === op.id);
    const rewards = own.map((r) => r.reward);
    return {
      operator: op.id,
      kind: op.kind,
      count: own.length,
      worst: own.length === 0 ? 0 : op.kind === 'equivalent' ? Math.min(...rewards) : Math.max(...rewards),
      ceiling: op.kind === 'breaking' ? (op.ceiling?.value ?? BREAKING_CEILING) : null,
      failures: own.filter((r) => r.problem !== null).length,
    };
  });
}
