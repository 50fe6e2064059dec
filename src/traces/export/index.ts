export { exportTraceJson, exportTracesJsonl } from './native';
export { exportVfResultsJsonl } from './vfResults';
export { keyColumns, toCsv } from './csv';
export { scrubber } from './scrub';
