export { exportTraceJson, exportTracesJsonl, safeJson } from './native';
export { exportVfResultsJsonl, traceToVfRow } from './vfResults';
export { keyColumns, toCsv, type CsvColumn } from './csv';
export { REDACTED, isSecretKey, scrubSecrets } from './scrub';
