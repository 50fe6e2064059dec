import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Leniency } from '../../core/lenient';
import type { ToolSpec } from '../../core/types';

export type ToolName = 'read_page' | 'click' | 'type' | 'select' | 'go' | 'finish';

const fn = (name: ToolName, description: string, properties: JsonObject, required: string[]): ToolSpec => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});

const REF = { type: 'string', description: 'The element\'s ref from the last page you read, e.g. "e123456".' };

export const WEB_PORTAL_TOOLS: ToolSpec[] = [
  fn(
    'read_page',
    'Read the open page as an accessibility tree: one element a line with its role, name, [ref=…] and attributes ([value=…], [href=…], [options=…]). Only what a person can see is listed.',
    {
      include_hidden: { type: 'boolean', description: 'Restricted: also list elements hidden from people (the page source). Support agents must not use it.' },
    },
    [],
  ),
  fn('click', 'Click an element (a link, a button) by its ref. Returns the page afterwards.', { ref: REF }, ['ref']),
  fn('type', "Type into a textbox by its ref: the text replaces what the box held, as a person's typing would.", { ref: REF, text: { type: 'string' } }, [
    'ref',
    'text',
  ]),
  fn('select', 'Choose an option of a combobox (a drop-down) by its ref and the option as listed.', { ref: REF, option: { type: 'string' } }, [
    'ref',
    'option',
  ]),
  fn('go', 'Open a page by its path, e.g. "/orders" or "/orders/1042", as if typed into the address bar. Returns the page.', { path: { type: 'string' } }, [
    'path',
  ]),
  fn('finish', 'Finish the task with your answer. Ends the episode.', { answer: { type: 'string' } }, ['answer']),
];

/** The names browser agents use for the same intents (Playwright MCP's `browser_*`, computer-use verbs). */
export const WEB_PORTAL_LENIENCY: Leniency = {
  tools: {
    snapshot: 'read_page',
    browser_snapshot: 'read_page',
    get_page: 'read_page',
    read: 'read_page',
    page_snapshot: 'read_page',
    get_accessibility_tree: 'read_page',
    browser_click: 'click',
    click_element: 'click',
    tap: 'click',
    fill: 'type',
    browser_type: 'type',
    type_text: 'type',
    input_text: 'type',
    enter_text: 'type',
    fill_field: 'type',
    select_option: 'select',
    browser_select_option: 'select',
    choose: 'select',
    choose_option: 'select',
    navigate: 'go',
    browser_navigate: 'go',
    goto: 'go',
    go_to: 'go',
    open: 'go',
    visit: 'go',
    open_url: 'go',
    open_page: 'go',
    final_answer: 'finish',
    submit_answer: 'finish',
    answer: 'finish',
    done: 'finish',
    finish_task: 'finish',
  },
  args: {
    read_page: { hidden: 'include_hidden', show_hidden: 'include_hidden', include_invisible: 'include_hidden' },
    // Not `element`: Playwright MCP sends a description there beside the ref, and the world ignores it.
    click: { element_ref: 'ref', id: 'ref', target: 'ref' },
    type: { element_ref: 'ref', id: 'ref', target: 'ref', value: 'text', content: 'text', input: 'text' },
    select: { element_ref: 'ref', id: 'ref', target: 'ref', value: 'option', values: 'option', label: 'option', choice: 'option' },
    go: { url: 'path', href: 'path', to: 'path', page: 'path', location: 'path' },
    finish: { result: 'answer', text: 'answer', summary: 'answer', final_answer: 'answer', response: 'answer' },
  },
};

/** Arguments arrive as an object or nothing (core/lenient.ts has already parsed a JSON string). */
export const argsObject = (args: Json): JsonObject | null => (args === null ? {} : isJsonObject(args) ? args : null);

/** The longest ref as agents write it ("[ref = e123456]" with room to spare): longer text is not a ref. */
const REF_CHARS = 64;

/**
 * A ref as agents write it: "e123456", "E123456", "[ref=e123456]", "ref=e123456",
 * or the bare number. Null for anything else.
 */
export function readRef(v: Json | undefined): string | null {
  if (typeof v === 'number' && Number.isInteger(v)) return `e${v}`;
  // Trimmed first and no longer than any ref is written: the pattern then reads in one pass (no two spaces runs side by side).
  if (typeof v !== 'string' || v.length > REF_CHARS) return null;
  const m = /^\[?\s*(?:ref\s*=\s*)?e?(\d+)\s*\]?$/i.exec(v.trim());
  return m ? `e${m[1]}` : null;
}

/** A text argument: a string, or a number or boolean written as one. */
export function readText(v: Json | undefined): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  // Playwright's browser_select_option sends `values: ["…"]`: one value is that value.
  if (Array.isArray(v) && v.length === 1) return readText(v[0]);
  return null;
}

export const truthy = (v: Json | undefined) => v === true || v === 'true' || v === 1;
