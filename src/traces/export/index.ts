export { exportTraceJson, exportTracesJsonl, safeJson } from './native';
export { exportVfResultsJsonl, traceToVfRow } from './vfResults';
export { keyColumns, toCsv, type CsvColumn } from './csv';
export { MASK, MIN_SECRET_LENGTH, REDACTED, isSecretKey, scrubber, scrubSecrets, type Scrubber } from './scrub';
