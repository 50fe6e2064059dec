import type { ToolSpec } from '../core/types';

/** OpenAI chat-completions messages exactly as sent and received (the trace keeps these). */
export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatRequestBody {
  model: string;
  messages: WireMessage[];
  tools: ToolSpec[];
  temperature?: number;
  max_tokens?: number;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

/** One parsed answer: the assistant message to append, and what it asks for. */
export interface ChatResponse {
  message: Extract<WireMessage, { role: 'assistant' }>;
  finishReason: string | null;
  /** Null when the server sent no usage block (some local servers). */
  usage: ChatUsage | null;
  latencyMs: number;
}
