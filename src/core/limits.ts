/**
 * Every size budget the playground enforces on what comes from outside
 * (files, links, stdin, MCP clients, `vp eval` plans), stated once. The
 * README's and docs/security.md's "Limits" tables are checked against this list by a test, so the two
 * never drift. Each limit is enforced while counting, before the memory it
 * guards is committed, and ends with `overLimit`'s message: the limit's name,
 * its value, what reached it and where.
 */

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

export interface Limit {
  value: number;
  unit: 'bytes' | 'characters' | 'count' | 'ratio';
  /** What it bounds, as docs/security.md's table says it. */
  what: string;
  /** Why this value, in a few words. */
  why: string;
}

export const LIMITS = {
  fileChars: {
    value: 256 * MiB,
    unit: 'characters',
    what: 'one imported text file (JSONL, a .json document), and one archive on disk',
    why: 'a tab holds the text, the parsed rows and the table',
  },
  lineChars: {
    value: 16 * MiB,
    unit: 'characters',
    what: 'one line of an imported JSONL file',
    why: 'one row; longer lines are skipped and named',
  },
  jsonDepth: {
    value: 128,
    unit: 'count',
    what: "nesting of arrays and objects in an imported row or a call's arguments (play, MCP)",
    why: 'real rows nest about 12 deep; every walk after parsing would otherwise need a stack as deep',
  },
  overlappingEntries: {
    value: 0,
    unit: 'bytes',
    what: "bytes two entries of one archive may share (each entry's range must be disjoint)",
    why: 'a bomb points many entries at one frame; a real zip never shares bytes',
  },
  fileDecompressedBytes: {
    value: 1 * GiB,
    unit: 'bytes',
    what: 'bytes decompressed from one archive (all its entries together)',
    why: 'a tab holds ~4 GB; the largest real Inspect logs decompress to a few hundred MB',
  },
  importDecompressedBytes: {
    value: 2 * GiB,
    unit: 'bytes',
    what: 'bytes decompressed over one import (every file chosen at once, or one `vp import`)',
    why: 'several logs at once, still inside one tab',
  },
  entryBytes: {
    value: 256 * MiB,
    unit: 'bytes',
    what: 'one archive entry, decompressed',
    why: 'the importer reads one entry as one JSON document',
  },
  archiveEntries: {
    value: 200_000,
    unit: 'count',
    what: "entries in one archive's central directory",
    why: 'one per sample and epoch: 100,000 samples fit twice',
  },
  compressionRatio: {
    value: 1_000,
    unit: 'ratio',
    what: 'how many times its compressed size one entry may expand to (entries under 1 MiB are exempt)',
    why: 'deflate tops out near 1,032×; real JSON logs compress 5–50×',
  },
  rowChars: {
    value: 100 * MiB,
    unit: 'characters',
    what: 'text in one row (every message, tool call and result, attachments put back)',
    why: 'a row is posted to the page whole; a 15 MiB attachment shared by 1,000 messages is 15 GB',
  },
  rowMessages: {
    value: 100_000,
    unit: 'count',
    what: 'messages in one row',
    why: 'the trace view draws only the visible ones; past this, the list itself is the problem',
  },
  toolCallsPerMessage: {
    value: 10_000,
    unit: 'count',
    what: 'tool calls in one message',
    why: 'no model emits more in one turn; 200,000 were an attack',
  },
  shownChars: {
    value: 10_000,
    unit: 'characters',
    what: 'characters of one field shown before "show all (N MB)"',
    why: 'layout of a long unbroken string is what froze the page',
  },
  answerChars: {
    value: 20_000,
    unit: 'characters',
    what: "one answer the verifier reads (a read task's answer text)",
    why: 'reading an answer takes time that grows faster than its length; a longer one scores 0 and says so',
  },
  importRows: {
    value: 200_000,
    unit: 'count',
    what: 'rows listed from one import',
    why: "the library's table and its entries stay responsive at 100,000",
  },
  evalRollouts: {
    value: 10_000,
    unit: 'count',
    what: 'tasks × rollouts in one `vp eval` (checked before the first request)',
    why: 'every finished trace is kept for the summary and --out',
  },
  stdinLineBytes: {
    value: 10 * MiB,
    unit: 'bytes',
    what: 'one line on stdin: a `vp play` call, an MCP message',
    why: "a call is a few kB; the MCP SDK's own buffer was 10 MB",
  },
  mcpPendingRequests: {
    value: 64,
    unit: 'count',
    what: 'MCP requests read but not yet answered: stdin is not read further until replies drain',
    why: 'a client that never reads replies must not grow the server',
  },
  studyLinkChars: {
    value: 1 * MiB,
    unit: 'characters',
    what: "one study link, or a study's definition or tasks file (page, `vp study make`, `vp study summarize --study`)",
    why: 'a study at every other limit is at most ~620 KiB with each spec character percent-encoded; read in ~0.25 s',
  },
  studyTasks: {
    value: 100,
    unit: 'count',
    what: 'tasks in one study (checked on the count a link states and lists before any task is read)',
    why: 'people play a study in a sitting or two: 100 tasks at a few minutes each is already days',
  },
  taskSpecChars: {
    value: 2_000,
    unit: 'characters',
    what: "one task's spec in a study (as JSON, checked before it is parsed)",
    why: "a spec names a world's parameters, never data: the largest any world has is 78 characters",
  },
  exportFileChars: {
    value: 256 * MiB,
    unit: 'characters',
    what: 'one exported file (JSONL, results.jsonl, Inspect log, CSV)',
    why: 'V8 strings end near 512 MiB; a file is written whole or not at all',
  },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** "256 MiB", "10,000", "1,000×": a limit's value as people read it. */
export function describeLimitValue(name: LimitName, value: number = LIMITS[name].value): string {
  const l: Limit = LIMITS[name];
  if (l.unit === 'ratio') return `${value.toLocaleString('en-US')}×`;
  if (l.unit === 'count') return value.toLocaleString('en-US');
  if (l.unit === 'characters' && value % MiB !== 0) return `${value.toLocaleString('en-US')} characters`;
  return describeAmount(value, l.unit === 'bytes' ? 'bytes' : 'characters');
}

/** 1.5 GiB, 300 MiB, 12 KiB, 800 bytes. */
export function describeAmount(n: number, unit: 'bytes' | 'characters' = 'bytes'): string {
  const round = (x: number) => (x >= 100 ? Math.round(x).toString() : (Math.round(x * 10) / 10).toString());
  if (n >= GiB) return `${round(n / GiB)} GiB`;
  if (n >= MiB) return `${round(n / MiB)} MiB`;
  if (n >= KiB) return `${round(n / KiB)} KiB`;
  return `${n.toLocaleString('en-US')} ${unit}`;
}

/**
 * The one message a limit ends with: which limit, its value, what reached it,
 * where. `value` is the limit in force (a test may narrow it). `reached` is a phrase ("1,000 messages", "2.1 GiB so far").
 */
export function overLimit(name: LimitName, where: string, reached: string, value: number = LIMITS[name].value): string {
  const l: Limit = LIMITS[name];
  return `${where}: ${reached}, over the ${name} limit of ${describeLimitValue(name, value)} (${l.what.replace(/ \(.*\)$/, '')})`;
}
