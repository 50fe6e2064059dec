import { call, type LenientCases } from '../lenientCases';
import { ticketQueueWorld } from './index';
import { setupOf } from './spec';

const TQ_SPEC = { id: 'vendor-outage-triage', seed: 1 };
const TQ_ID = setupOf(TQ_SPEC).gold.notes[0]!.id;
const NOTE = { type: 'vendor-outage', vendor: 'x', next_step: 'await-vendor' };

/** The lenient reading's examples for this world (`lenient.test.ts` runs them). */
export const lenientCases: LenientCases = {
  world: ticketQueueWorld.id,
  spec: TQ_SPEC,
  variants: [
    ['mcp prefix', call('mcp__queue__read_record', { id: TQ_ID }), call('read_record', { id: TQ_ID }), 'mcp__queue__read_record → read_record'],
    [
      'camelCase name and argument',
      call('readRecord', { ticketId: TQ_ID }),
      call('read_record', { id: TQ_ID }),
      'readRecord → read_record; argument ticketId → id',
    ],
    ['alias', call('get_ticket', { id: TQ_ID }), call('read_record', { id: TQ_ID }), 'get_ticket → read_record'],
    ['argument synonym', call('read_record', { record_id: TQ_ID }), call('read_record', { id: TQ_ID }), 'argument record_id → id'],
    ['JSON-string arguments', call('read_record', JSON.stringify({ id: TQ_ID })), call('read_record', { id: TQ_ID }), 'arguments read from a JSON string'],
    [
      'alias and synonyms',
      call('add_note', { ticket_id: TQ_ID, content: NOTE }),
      call('write_note', { id: TQ_ID, note: NOTE }),
      'add_note → write_note; arguments ticket_id → id, content → note',
    ],
    [
      'Title-Case name, status synonym',
      call('Update-Status', { id: TQ_ID, new_status: 'waiting' }),
      call('update_status', { id: TQ_ID, status: 'waiting' }),
      'Update-Status → update_status; argument new_status → status',
    ],
    ['finish alias and synonym', call('done', { message: 'ok' }), call('finish', { summary: 'ok' }), 'done → finish; argument message → summary'],
  ],
  unknown: call('delete_record', { id: TQ_ID }),
  tools: 'list_records, read_record, write_note, update_status and finish',
  conflict: [call('read_record', { id: TQ_ID, ticket_id: TQ_ID }), 'read_record: the arguments "id" and "ticket_id" both mean "id"; send it once'],
};
