import type { Trace } from '../../core/types';
import { exportTraceJson } from '../../traces/export/index';
import { download } from '../lib/download';
import { specNames } from '../lib/specNames';

const fileSafe = (s: string) => s.replace(/[^\w-]+/g, '_');

/** Download a trace as a native JSON file (secrets scrubbed, as every export is). */
export function ExportButton({ trace, label = 'Export trace', testId = 'export-trace' }: { trace: Trace; label?: string; testId?: string }) {
  const name = `${trace.world}-${fileSafe(trace.agent.name)}-${fileSafe(specNames(trace.world).name(trace.task))}.trace.json`;
  return (
    <button type="button" className="export" onClick={() => download(exportTraceJson(trace), name)} data-testid={testId}>
      {label}
    </button>
  );
}
