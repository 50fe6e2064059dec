import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../core/json';
import { FAULT_API_TOOLS } from '../worlds/fault-api/index';
import { validateArgs } from './schema';

const fetchPage = FAULT_API_TOOLS[0]!.function.parameters;
const submit = FAULT_API_TOOLS[1]!.function.parameters;

describe('validateArgs (the JSON Schema subset tool specs use)', () => {
  it('accepts valid arguments, union types included', () => {
    expect(validateArgs(fetchPage, {})).toEqual([]);
    expect(validateArgs(fetchPage, { cursor: null })).toEqual([]);
    expect(validateArgs(fetchPage, { cursor: 'c-1' })).toEqual([]);
    expect(validateArgs(submit, { records: [{ id: 'r1', amount: 3 }] })).toEqual([]);
  });

  it('names each problem by path', () => {
    expect(validateArgs(fetchPage, { cursor: 3 })).toEqual(['cursor: expected string or null, got integer']);
    expect(validateArgs(fetchPage, { cursor: null, page: 2 })).toEqual(['arguments: unexpected property "page"']);
    expect(validateArgs(fetchPage, 'c-1')).toEqual(['arguments: expected object, got string']);
    expect(validateArgs(submit, {})).toEqual(['arguments: missing required "records"']);
    expect(validateArgs(submit, { records: [{ id: 'a', amount: '3' }, { id: 'b' }] })).toEqual([
      'records[0].amount: expected integer, got string',
      'records[1]: missing required "amount"',
    ]);
    expect(validateArgs(submit, { records: [{ id: 'a', amount: 1.5 }] })).toEqual(['records[0].amount: expected integer, got number']);
  });

  it('handles number, boolean, array, null and enum', () => {
    const schema: JsonObject = {
      type: 'object',
      properties: {
        n: { type: 'number' },
        b: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        z: { type: 'null' },
        mode: { type: 'string', enum: ['fast', 'slow'] },
      },
    };
    expect(validateArgs(schema, { n: 1, b: true, tags: ['x'], z: null, mode: 'fast' })).toEqual([]);
    expect(validateArgs(schema, { n: 1.5 })).toEqual([]);
    expect(validateArgs(schema, { n: '1', b: 'yes', tags: [1], z: 0, mode: 'medium' })).toEqual([
      'n: expected number, got string',
      'b: expected boolean, got string',
      'tags[0]: expected string, got integer',
      'z: expected null, got integer',
      'mode: must be one of "fast", "slow"',
    ]);
  });

  it('caps the list so a huge wrong array gives a short message', () => {
    const rows = Array.from({ length: 50 }, () => ({ id: 1, amount: 'x' }));
    expect(validateArgs(submit, { records: rows })).toHaveLength(5);
  });
});
