import type { JsonObject } from '../core/json';
import type { ToolCall } from '../core/types';

/** [what varies, the call as an agent sends it, the same call as the tool spec names it, the call-normalised event's message] */
export type LenientVariant = [string, ToolCall, ToolCall, string];

/**
 * A world's examples of the calls the episode reads leniently for it, kept in
 * its folder (`<id>/lenientCases.ts`) and run by `lenient.test.ts` for every
 * registered world: each variant is answered as its canonical call, an unknown
 * tool and a doubled argument are refused with these messages.
 */
export interface LenientCases {
  world: string;
  spec: JsonObject;
  variants: LenientVariant[];
  unknown: ToolCall;
  /** The tools as the unknown tool's refusal lists them. */
  tools: string;
  conflict: [ToolCall, string];
}

export const call = (name: string, args: ToolCall['arguments']): ToolCall => ({ name, arguments: args });
