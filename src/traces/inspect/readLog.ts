import { isJsonObject, type JsonObject } from '../../core/json';
import type { Infer } from '../import/inferred';
import type { VfRollout } from '../import/types';
import { ShapeError } from '../validate';
import { readInspectRun, Reductions, runMetadata } from './readRun';
import { readInspectSample } from './readSample';
import type { InspectRun } from './types';

export interface LogSink {
  rollout(r: VfRollout): void;
  /** A located problem; `line` is the log's first line (a .json log) or 0 (an .eval zip). */
  issue(line: number, severity: 'error' | 'warning', reason: string): void;
  /** What was read between the lines (see import/inferred.ts). */
  infer?: Infer;
}

/** What a log's header says that a reader of its samples should hear once. */
export function headerWarnings(run: InspectRun): string[] {
  const out: string[] = [];
  if (run.status === 'started') out.push(`the log's status is "started": the run had not finished when it was written (samples so far are imported)`);
  else if (run.status === 'error' || run.status === 'cancelled')
    out.push(`the log's status is "${run.status}": samples written before it stopped are imported`);
  if (run.version !== null && run.version > 2)
    out.push(`log schema version ${run.version} (this importer knows version 2): fields it does not know are kept as they are`);
  return out;
}

/**
 * An Inspect `.json` log: one document with the header and every sample.
 * Each sample becomes a rollout; a sample that cannot be read is one located
 * error and the others still import.
 */
export function readInspectJsonLog(log: JsonObject, line: number, sink: LogSink): InspectRun | null {
  let run: InspectRun;
  let reductions: Reductions;
  try {
    run = readInspectRun(log, 'inspect-json', Array.isArray(log.samples) ? log.samples.length : null);
    reductions = new Reductions(log.reductions, 'reductions');
  } catch (e) {
    if (e instanceof ShapeError) {
      sink.issue(line, 'error', `Inspect log: ${e.message}`);
      return null;
    }
    throw e;
  }
  for (const w of headerWarnings(run)) sink.issue(line, 'warning', w);
  const samples = log.samples;
  if (samples === undefined || samples === null || (Array.isArray(samples) && samples.length === 0)) {
    sink.issue(line, 'error', 'an Inspect log without samples (a header only, or written with --no-log-samples): nothing to import');
    return run;
  }
  if (!Array.isArray(samples)) {
    sink.issue(line, 'error', 'Inspect log: samples: expected a list');
    return run;
  }
  const metadata = runMetadata(run);
  samples.forEach((s, i) => {
    const path = `samples[${i}]`;
    try {
      if (!isJsonObject(s)) throw new ShapeError(path, 'expected a sample object');
      sink.rollout(readInspectSample(s, { run, metadata, reductions, line, rowIndex: i, path, infer: sink.infer }));
    } catch (e) {
      if (!(e instanceof ShapeError)) throw e;
      sink.issue(line, 'error', `Inspect sample ${e.message}`);
    }
  });
  return run;
}
