import { call, type LenientCases } from '../lenientCases';
import { faultApiWorld } from './index';

/** The lenient reading's examples for this world (`lenient.test.ts` runs them). */
export const lenientCases: LenientCases = {
  world: faultApiWorld.id,
  spec: { profile: 'clean', seed: 1 },
  variants: [
    ['mcp prefix', call('mcp__api__fetch_page', {}), call('fetch_page', {}), 'mcp__api__fetch_page → fetch_page'],
    ['camelCase name', call('fetchPage', { cursor: null }), call('fetch_page', { cursor: null }), 'fetchPage → fetch_page'],
    ['namespace prefix', call('functions.fetch_page', {}), call('fetch_page', {}), 'functions.fetch_page → fetch_page'],
    ['alias', call('get_page', {}), call('fetch_page', {}), 'get_page → fetch_page'],
    ['argument synonym', call('fetch_page', { next_cursor: null }), call('fetch_page', { cursor: null }), 'argument next_cursor → cursor'],
    ['argument case', call('fetch_page', { Cursor: null }), call('fetch_page', { cursor: null }), 'argument Cursor → cursor'],
    ['JSON-string arguments', call('fetch_page', '{"cursor": null}'), call('fetch_page', { cursor: null }), 'arguments read from a JSON string'],
    ['alias and synonym', call('submit', { items: [] }), call('submit_records', { records: [] }), 'submit → submit_records; argument items → records'],
  ],
  unknown: call('list_tickets', {}),
  tools: 'fetch_page and submit_records',
  conflict: [call('fetch_page', { cursor: null, next_cursor: null }), 'fetch_page: the arguments "cursor" and "next_cursor" both mean "cursor"; send it once'],
};
