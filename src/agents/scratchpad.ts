import { clip, genericSummary, type StepSummaryInput } from '../core/stepSummary';
import type { ToolCall } from '../core/types';

/** Lines of the scratchpad sent with each request: the most recent ones; older ones are counted, not shown. */
export const PAD_LINES = 30;
/** The latest result, shown whole up to this many characters (the model acts on it next). */
export const LATEST_CHARS = 4000;
const ARGS_CHARS = 80;

export type Summarize = (step: StepSummaryInput) => string;

/**
 * The scratchpad driver's memory (the design seed's driver): one line per call
 * so far, written by the world's `summarize`, plus the last result in full.
 * Each request is the task, the tools and this text, so its size is bounded
 * however long the episode runs.
 */
export class Scratchpad {
  private readonly lines: string[] = [];
  private latest: { name: string; content: string } | null = null;

  constructor(private readonly summarize: Summarize = genericSummary) {}

  /** A call the world ran (`n`: its step number). */
  step(n: number, call: ToolCall, result: StepSummaryInput['result']): void {
    this.lines.push(`${n}. ${call.name} ${clip(JSON.stringify(call.arguments), ARGS_CHARS)} → ${this.summarize({ call, result })}`);
    this.latest = { name: call.name, content: result.content };
  }

  /** A call that never reached the world (invalid, rejected, over budget): why, in one line. */
  note(name: string, why: string): void {
    this.lines.push(`-. ${name} → not run: ${clip(why)}`);
  }

  get size(): number {
    return this.lines.length;
  }

  /** The user message a request carries after the task prompt. */
  text(turnsLeft: number): string {
    const shown = this.lines.slice(-PAD_LINES);
    const hidden = this.lines.length - shown.length;
    const parts = [
      this.lines.length === 0
        ? 'Scratchpad: no calls yet.'
        : `Scratchpad (one line per call so far${hidden ? `; ${hidden} earlier not shown` : ''}):\n${shown.join('\n')}`,
    ];
    if (this.latest) {
      const c = this.latest.content;
      const whole = c.length <= LATEST_CHARS ? c : `${c.slice(0, LATEST_CHARS)}… [${c.length - LATEST_CHARS} more characters not shown]`;
      parts.push(`Result of the last call (${this.latest.name}):\n${whole}`);
    }
    parts.push(`Turns left: ${turnsLeft}. Make exactly one tool call.`);
    return parts.join('\n\n');
  }
}
