import { isJsonObject, type Json } from '../../core/json';
import { readInspectJsonLog } from '../inspect/readLog';
import { readTrace } from '../native';
import { ShapeError } from '../validate';
import { Tally } from './inferred';
import { binaryProblem, DEFAULT_LIMITS, describeSize, tooDeep, undecodable, type ImportLimits } from './limits';
import { DocumentScanner, type Scanned } from './documentScan';
import { LineSplitter, type Line } from './lines';
import { columnRows, lineKey, lineOfOffset, recordKind } from './records';
import { emptySummary, type ImportedItem, type ImportEvent, type ImportFormat, type ImportIssue, type ImportSummary, type VfMetadata } from './types';
import { readV1Episode } from './v1Episode';
import { readVfRow } from './vfRow';
import { ROW_LIMITS, rowOverLimit, traceOverLimit, type RowLimits } from './rowLimits';
import { LIMITS, overLimit } from '../../core/limits';

export interface ImporterOptions {
  limits?: Partial<ImportLimits>;
  /** The run's metadata.json, when the user gave one: corrects pre-v0.1.6 ids and names metrics. */
  metadata?: VfMetadata;
  /** The input's size if known (File.size): over the cap, refuse before reading anything. */
  sizeHint?: number;
  /** One row's budgets (core/limits.ts unless a test narrows them). */
  rows?: Partial<RowLimits>;
  /** Rows one file may list (core/limits.ts importRows unless a test narrows it). */
  maxRows?: number;
  /**
   * A native trace read from a JSONL line keeps the line's text (`item.json`): the import worker hands it on as the
   * trace's payload instead of serializing the trace it read again (a third of its work on 10,000 traces).
   */
  keepJson?: boolean;
  /**
   * Read a pretty-printed document line by line after its first chunk too, as the importer did
   * before it scanned (documentScan.ts): the same events and summary, slower. Tests compare the two.
   */
  lineByLine?: boolean;
}

export interface Importer {
  /** Feed the next chunk of decoded text; returns what it completed. Stop calling it to cancel. */
  push(chunk: string): ImportEvent[];
  /** End of input: the last line, or the buffered single document. */
  finish(): ImportEvent[];
  /** Counters for a progress bar: characters and lines consumed, items and issues so far. */
  summary(): ImportSummary;
}

type Mode = 'detect' | 'lines' | 'document' | 'stopped';

type Kind = 'vf' | 'native' | 'inspect';
const KINDS: Record<Kind, { one: string; many: string }> = {
  vf: { one: 'a vf-eval row', many: 'vf-eval rows' },
  native: { one: 'a native trace', many: 'native traces' },
  inspect: { one: 'an Inspect log', many: 'Inspect logs' },
};

/** A first line of comma-separated column names: a CSV export (ours, or a table's), not JSON. */
const CSV_HEADER = /^"?[A-Za-z_][\w .-]*"?(,"?[A-Za-z_][\w .-]*"?)+\s*$/;
// One message for the whole file, not one "not JSON" per row: a CSV export keeps scores, not the calls a trace replays.
export const CSV_REFUSED = "CSV files can't be imported; export JSONL (a CSV keeps each run's scores, not the steps a trace is replayed from)";

export function createImporter(options: ImporterOptions = {}): Importer {
  const limits: ImportLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const rowLimits: RowLimits = { ...ROW_LIMITS, ...options.rows };
  const maxRows = options.maxRows ?? LIMITS.importRows.value;
  // Until the first line is read, no line is dropped for its length: a file that is one line is a whole document
  // (json.dump writes one line), held to the file's cap, not a row's. The line cap applies from the second line on.
  let splitter = new LineSplitter(Infinity);
  /** A document after its first chunk (documentScan.ts), unless it turns out to be JSONL. */
  let scanner: DocumentScanner | null = null;
  const s: ImportSummary = emptySummary('none');
  const tally = new Tally();
  for (const what of options.metadata?.inferred ?? []) tally.note(what);
  let mode: Mode = 'detect';
  let documentLines: Line[] = [];
  let documentChars = 0;
  let documentParsed = false;
  let rowIndex = 0;
  let firstKind: Kind | null = null;
  let mixedReported = false;
  const seenLines = new Map<string, number>();
  const prompts = new Map<string, number>();
  const rowsPerId = new Map<string, number>();
  let out: ImportEvent[] = [];

  const issue = (line: number, severity: ImportIssue['severity'], reason: string) => {
    if (s.errors.length + s.warnings.length >= limits.maxIssues) {
      s.unlisted++;
      return;
    }
    const i = { line, severity, reason };
    (severity === 'error' ? s.errors : s.warnings).push(i);
    out.push({ type: 'issue', issue: i });
  };
  const stop = (line: number, reason: string) => {
    s.fatal = reason;
    issue(line, 'error', reason);
    mode = 'stopped';
  };
  if (options.sizeHint !== undefined && options.sizeHint > limits.maxTotalChars)
    stop(0, `the input is ${describeSize(options.sizeHint)}, over the ${describeSize(limits.maxTotalChars)} import limit`);

  // Keyed by the prompt text itself: exact, and only old id-keyed files without metadata use it.
  const promptOrdinal = (prompt: Json | undefined) => {
    const key = JSON.stringify(prompt ?? null);
    let n = prompts.get(key);
    if (n === undefined) prompts.set(key, (n = prompts.size));
    return n;
  };

  function noteKind(kind: Kind, line: number) {
    firstKind ??= kind;
    if (kind !== firstKind && !mixedReported) {
      mixedReported = true;
      issue(line, 'warning', `${KINDS[kind].one} in a file of ${KINDS[firstKind].many}: both kinds are imported`);
    }
  }

  function noteDuplicateId(exampleId: Json, line: number) {
    const r = options.metadata?.rolloutsPerExample;
    if (r === null || r === undefined) return;
    const key = JSON.stringify(exampleId);
    const count = (rowsPerId.get(key) ?? 0) + 1;
    rowsPerId.set(key, count);
    if (count === r + 1)
      issue(line, 'warning', `example ${key} has more than the ${r} rollouts per example metadata.json states (a resumed or concatenated run?): all are kept`);
  }

  /** A row that fits its budgets is listed; past the rows one file may list, the import stops. `textChars`: the JSON text a native trace was read from. */
  function emit(item: ImportedItem, line: number, textChars?: number): boolean {
    if (s.items >= maxRows) {
      if (mode !== 'stopped') stop(line, overLimit('importRows', `line ${line}`, `row ${(s.items + 1).toLocaleString('en-US')}`, maxRows));
      return false;
    }
    const where =
      item.kind === 'native' ? `line ${line}` : item.rollout.inspect ? `line ${line}, sample ${JSON.stringify(item.rollout.exampleId)}` : `line ${line}`;
    const over = item.kind === 'native' ? traceOverLimit(item.trace, where, rowLimits, textChars) : rowOverLimit(item.rollout, where, rowLimits);
    if (over) {
      issue(line, 'error', over);
      return false;
    }
    out.push({ type: 'item', item });
    return true;
  }

  /** `text`: the JSON `value` was parsed from, when it was one JSONL line. */
  function record(value: Json, line: number, index: number, text?: string) {
    // Rows written as one document: a JSON array of them, or one object of columns. Each is then read as a line's row.
    if (Array.isArray(value) && value.length > 0 && value.every(isJsonObject)) {
      for (const [i, row] of value.entries()) {
        tally.note('rowArray');
        record(row, line, index + i);
      }
      return;
    }
    const columns = isJsonObject(value) ? columnRows(value) : null;
    if (columns !== null) {
      if ('refuse' in columns) return issue(line, 'error', columns.refuse);
      if (columns.other.length > 0)
        issue(line, 'warning', `a document of columns: ${columns.other.map((k) => `"${k}"`).join(', ')} not one value per row, so not read`);
      for (const [i, row] of columns.rows.entries()) {
        tally.note('columns');
        record(row, line, index + i);
      }
      return;
    }
    const kind = recordKind(value);
    if (typeof kind === 'object' || !isJsonObject(value)) return issue(line, 'error', typeof kind === 'object' ? kind.refuse : 'expected an object');
    try {
      if (kind === 'inspect') {
        readInspectJsonLog(value, line, {
          rollout: (rollout) => {
            noteKind('inspect', line);
            if (!emit({ kind: 'vf', rollout }, line)) return;
            s.inspect++;
            s.items++;
          },
          issue,
          infer: tally.note,
        });
        return;
      }
      if (kind === 'v1') {
        const rollouts = readV1Episode(value, line, index);
        if (rollouts.length === 0) return issue(line, 'error', 'a verifiers v1 episode without traces');
        for (const rollout of rollouts) {
          noteKind('vf', line);
          if (!emit({ kind: 'vf', rollout }, line)) continue;
          if (!s.vfEras.includes(rollout.era)) s.vfEras.push(rollout.era);
          s.vf++;
          s.items++;
        }
        return;
      }
      if (kind === 'native') {
        const trace = readTrace(value);
        if (!trace.ok) return issue(line, 'error', `native trace: ${trace.error}`);
        noteKind('native', line);
        const json = options.keepJson === true && text !== undefined ? { json: text } : {};
        if (!emit({ kind: 'native', line, trace: trace.value, ...json }, line, text?.length)) return;
        s.native++;
        s.items++;
        return;
      }
      const rollout = readVfRow(value, { line, rowIndex: index, metadata: options.metadata, promptOrdinal, infer: tally.note });
      noteKind('vf', line);
      noteDuplicateId(rollout.exampleId, line);
      if (!emit({ kind: 'vf', rollout }, line)) return;
      if (!s.vfEras.includes(rollout.era)) s.vfEras.push(rollout.era);
      s.vf++;
      s.items++;
    } catch (e) {
      if (e instanceof ShapeError) return issue(line, 'error', `${kind === 'v1' ? 'verifiers v1 episode' : 'vf-eval row'}: ${e.message}`);
      throw e;
    }
  }

  function handleLine(line: Line) {
    if (line.text !== null && line.text.trim() === '') return;
    const index = rowIndex++;
    // A row's cap (a document's lines were kept whole: one read as rows after all is held to it here).
    if (line.text === null || line.text.length > limits.maxLineChars)
      return issue(line.number, 'error', `longer than the ${describeSize(limits.maxLineChars)} line limit: skipped`);
    const text = line.text.trim();
    const bad = undecodable(text);
    if (bad) return issue(line.number, 'error', bad);
    const key = lineKey(text);
    const first = seenLines.get(key);
    if (first !== undefined)
      issue(line.number, 'warning', `looks identical to line ${first} (same length, start, end and sampled text: a duplicated row?): both kept`);
    else seenLines.set(key, line.number);
    let value: Json;
    try {
      value = JSON.parse(text) as Json;
    } catch (e) {
      const why = binaryProblem(text) ?? (text.startsWith('<') ? 'HTML or XML markup, not JSON' : `not JSON (${e instanceof Error ? e.message : String(e)})`);
      return issue(line.number, 'error', why);
    }
    const deep = tooDeep(value, limits.maxDepth);
    if (deep) return issue(line.number, 'error', deep);
    record(value, line.number, index, text);
  }

  /** Does this line stand alone as a JSON object? Then the input is JSONL, not one pretty-printed document. */
  function standsAlone(text: string): boolean {
    const t = text.trim();
    if (!t.startsWith('{') || !t.endsWith('}')) return false;
    try {
      const v = JSON.parse(t) as Json;
      return typeof v === 'object' && v !== null && Object.keys(v).length > 0;
    } catch {
      return false;
    }
  }

  function wholeJson(text: string): boolean {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  }

  function flushDocumentAsLines() {
    const buffered = documentLines;
    documentLines = [];
    mode = 'lines';
    splitter.setCap(limits.maxLineChars);
    buffered.forEach(handleLine);
  }

  /** The lines a scanned chunk completed, as `consume` takes them in a document. */
  function scanned(r: Scanned, final: boolean) {
    if (r.lastLine > 0) s.lines = r.lastLine;
    if (r.candidates.some((line) => line.text !== null && standsAlone(line.text))) {
      // JSONL after all: every line from the document's first is read as a row (capped again), as `consume` does when a line stands alone.
      const { lines, splitter: next } = scanner!.replay(final, true);
      scanner = null;
      splitter = next;
      flushDocumentAsLines();
      lines.forEach(consume);
      return;
    }
    documentChars += r.chars;
  }

  function consume(line: Line) {
    s.lines = line.number;
    if (mode === 'stopped') return;
    let first = false;
    if (mode === 'detect') {
      if (line.text !== null && line.text.trim() === '') return;
      first = true;
      const text = line.text?.trimStart() ?? '';
      const binary = line.text === null ? null : binaryProblem(text.slice(0, 4096));
      if (binary) return stop(line.number, `the file is not text: ${binary}`);
      if (text.startsWith('<')) return stop(line.number, 'the file is HTML or XML, not JSON or JSONL');
      if (CSV_HEADER.test(text)) return stop(line.number, CSV_REFUSED);
      // A document: an object over several lines, or an array of rows over several (an array on one line is a line).
      // A first line longer than a row may be is read as a document too: a one-line file (json.dump's default) is one,
      // and should another line stand alone after it, the input is JSONL and the first line is skipped as a row too long.
      const long = line.text !== null && line.text.length > limits.maxLineChars && (text.startsWith('{') || text.startsWith('['));
      mode = long || (text.startsWith('{') && !standsAlone(text)) || (text.startsWith('[') && !wholeJson(text)) ? 'document' : 'lines';
      // A document is bounded by the whole input's cap, not a row's: its one long string (an attachment) is part of it.
      splitter.setCap(mode === 'document' ? Infinity : limits.maxLineChars);
    }
    if (mode === 'lines') return handleLine(line);
    // A line that stands alone after the first: JSONL after all (the first line itself may stand alone when it is the whole document).
    if (!first && line.text !== null && standsAlone(line.text)) {
      flushDocumentAsLines();
      return handleLine(line);
    }
    documentLines.push(line);
    documentChars += (line.text?.length ?? limits.maxLineChars) + 1;
  }

  /** The whole buffered input as one JSON document (a pretty-printed native trace, an Inspect log). */
  function parseDocument() {
    documentParsed = true;
    if (scanner) {
      const firstLine = documentLines[0]?.number ?? 1;
      // Parsed as it came when it is valid JSON: a CR or a blank line is whitespace, so the value is the one its lines
      // joined give. Anything else (an error to locate, undecodable bytes, a line dropped before the scan) is read line by line.
      const whole = documentLines.every((l) => l.text !== null) && !scanner.droppedLine;
      const text = whole ? [...documentLines.map((l) => l.text ?? ''), scanner.text()].join('\n') : '';
      let value: Json | undefined;
      if (whole && undecodable(text) === null) {
        try {
          value = JSON.parse(text) as Json;
        } catch {
          value = undefined;
        }
      }
      if (value !== undefined) {
        const deep = tooDeep(value, limits.maxDepth);
        if (deep) return issue(firstLine, 'error', `the JSON document starting here: ${deep}`);
        return record(value, firstLine, 0);
      }
      documentLines.push(...scanner.replay(true, false).lines);
      scanner = null;
    }
    const text = documentLines.map((l) => l.text ?? '').join('\n');
    const firstLine = documentLines[0]?.number ?? 1;
    const bad = undecodable(text);
    if (bad) return issue(firstLine, 'error', `the JSON document starting here: ${bad}`);
    let value: Json;
    try {
      value = JSON.parse(text) as Json;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const at = /position (\d+)/.exec(message);
      const line = at ? firstLine - 1 + lineOfOffset(text, Number(at[1])) : firstLine;
      return issue(line, 'error', `not JSON: ${message} (a JSON document starting at line ${firstLine}, or JSONL with a broken first line)`);
    }
    const deep = tooDeep(value, limits.maxDepth);
    if (deep) return issue(firstLine, 'error', `the JSON document starting here: ${deep}`);
    record(value, firstLine, 0);
  }

  const drain = () => {
    const events = out;
    out = [];
    return events;
  };

  return {
    push(chunk) {
      if (mode === 'stopped') return drain();
      s.chars += chunk.length;
      if (s.chars > limits.maxTotalChars) {
        stop(s.lines + 1, `the input is over the ${describeSize(limits.maxTotalChars)} import limit: stopped after line ${s.lines}`);
        return drain();
      }
      if (scanner) scanned(scanner.push(chunk), false);
      else {
        for (const line of splitter.lines(chunk)) consume(line);
        if (mode === 'document' && !options.lineByLine) scanner = new DocumentScanner(limits.maxLineChars, splitter.state());
      }
      if (mode === 'document' && documentChars > limits.maxTotalChars) stop(s.lines, 'the JSON document is over the import limit');
      return drain();
    },
    finish() {
      if (mode !== 'stopped') {
        if (scanner) scanned(scanner.finish(), true);
        else for (const line of splitter.finish()) consume(line);
        if (mode === 'document') parseDocument();
        if (s.lines === 0 || (s.items === 0 && s.errors.length === 0 && s.warnings.length === 0)) issue(0, 'error', 'the file is empty');
      }
      s.format = formatOf();
      return drain();
    },
    summary: () => ({ ...s, format: formatOf(), inferred: tally.list() }),
  };

  function formatOf(): ImportFormat {
    if ([s.native, s.vf, s.inspect].filter((n) => n > 0).length > 1) return 'mixed';
    if (s.inspect > 0) return 'inspect-json';
    if (s.vf > 0) return s.vfEras.every((e) => e === 'verifiers-v1') ? 'verifiers-v1-jsonl' : 'vf-eval-jsonl';
    if (s.native > 0) return documentParsed ? 'native-json' : 'native-jsonl';
    return 'none';
  }
}
