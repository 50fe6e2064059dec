import { Fragment, useState } from 'react';
import { download } from '../../lib/download';
import { library, payloadOf } from '../../lib/library';
import { LIBRARY_EXPORTS } from '../../lib/libraryExportFormats';
import type { LibraryEntry } from '../../lib/librarySummary';
import { allWorlds } from '../../worlds/registry';

/** One button per format; every row given is written when the format can hold it, and the line below says what could not be. */
export function ExportButtons({ rows, scope }: { rows: readonly LibraryEntry[]; scope: string }) {
  const [said, setSaid] = useState<string | null>(null);
  // vf rows are written as their era wrote them unless the person asks for today's shape.
  const [vfCurrent, setVfCurrent] = useState(false);
  const run = async (format: (typeof LIBRARY_EXPORTS)[number]) => {
    try {
      // The converters load on the first export (and every world's code with allWorlds): listing traces needs neither.
      const { describeExport, exportRows } = await import('../../lib/libraryExport');
      const out = await exportRows(rows, format.format, {
        payloadOf,
        runs: library.store.getState().runs,
        worlds: await allWorlds(),
        created: new Date().toISOString(),
        vfShape: vfCurrent ? 'current' : 'as-written',
      });
      for (const f of out.files) download(f.text, f.name, format.type);
      setSaid(`${format.label.replace(/^Export /, '')} of ${scope}: ${describeExport(out)}`);
    } catch (e) {
      setSaid(`Nothing was exported: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <>
      {LIBRARY_EXPORTS.map((f) => (
        <Fragment key={f.format}>
          <button type="button" disabled={!rows.length} onClick={() => void run(f)} data-testid={f.format === 'native' ? 'export-jsonl' : `export-${f.format}`}>
            {f.label}
          </button>
          {f.format === 'vf' ? (
            <label className="small" title="vf-eval rows are written as their vf-eval version wrote them unless this is ticked">
              <input type="checkbox" checked={vfCurrent} onChange={(e) => setVfCurrent(e.target.checked)} data-testid="export-vf-current" /> in today's shape
            </label>
          ) : null}
        </Fragment>
      ))}
      {said ? (
        <p className="muted small export-note" role="status" data-testid="export-note">
          {said}
        </p>
      ) : null}
    </>
  );
}
