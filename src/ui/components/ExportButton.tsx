import type { Trace } from '../../core/types';
import { exportTraceJson } from '../../traces/export/index';
import { download } from '../lib/download';

/** Download a trace as a native JSON file (secrets scrubbed, as every export is). */
export function ExportButton({ trace, label = 'Export trace', testId = 'export-trace' }: { trace: Trace; label?: string; testId?: string }) {
  const name = `${trace.world}-${trace.agent.name.replace(/[^\w-]+/g, '_')}-${String(trace.task.id ?? trace.task.profile ?? 'task')}.trace.json`;
  return (
    <button type="button" className="export" onClick={() => download(exportTraceJson(trace), name)} data-testid={testId}>
      {label}
    </button>
  );
}
