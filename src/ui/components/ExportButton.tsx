import type { Trace } from '../../core/types';
import { serializeTrace } from '../../traces/native';

/** Download a trace as a native JSON file. */
export function ExportButton({ trace }: { trace: Trace }) {
  const download = () => {
    const blob = new Blob([serializeTrace(trace)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${trace.world}-${trace.agent.name.replace(/[^\w-]+/g, '_')}-${String(trace.task.id ?? trace.task.profile ?? 'task')}.trace.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <button type="button" className="export" onClick={download} data-testid="export-trace">
      Export trace
    </button>
  );
}
