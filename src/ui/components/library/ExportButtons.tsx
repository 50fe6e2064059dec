import { Fragment, useEffect, useRef, useState } from 'react';
import { download, downloadZip } from '../../lib/download';
import { library, payloadOf, useLibrary } from '../../lib/library';
import { LIBRARY_EXPORTS } from '../../lib/libraryExportFormats';
import { afterRead, pendingText, unreadRuns } from '../../lib/libraryPending';
import type { LibraryEntry } from '../../lib/librarySummary';
import { allWorlds } from '../../worlds/registry';

type Format = (typeof LIBRARY_EXPORTS)[number] | { format: 'csv'; label: string };

/**
 * One button per format; every row given is written when the format can hold it, and the line below says what
 * could not be. An export of the listing waits until the library has read every run it knows of (stored files
 * read again, an import under way, the saved runs), saying what it waits for, with a Cancel; it then writes the
 * rows listed at that moment (a selection is written at once). Several files of one export go as one zip unless
 * the person unticks it.
 */
export function ExportButtons({
  rows,
  picked,
  select,
  csv,
}: {
  /** The rows an export would write now (none, with nothing being read: the buttons are off). */
  rows: readonly LibraryEntry[];
  /** The rows are a selection the person made: written at once (a listing waits for the rows still being read). */
  picked: boolean;
  /** The rows to write out of the library's entries, and how to name them ("the 157 listed"): read when the export starts writing. */
  select: (entries: readonly LibraryEntry[]) => { rows: readonly LibraryEntry[]; scope: string };
  csv: (rows: readonly LibraryEntry[]) => string;
}) {
  const [said, setSaid] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<{ label: string; what: string } | null>(null);
  const [zip, setZip] = useState(true);
  // vf rows are written as their era wrote them unless the person asks for today's shape.
  const [vfCurrent, setVfCurrent] = useState(false);
  // Runs still being read: an export may be asked for before a row is listed (it waits for them).
  const pending = useLibrary(pendingText);
  // What is listed when the wait ends, not when the button was pressed: the rows read meanwhile are written too.
  // Read from the store as the wait ends (before React renders them): the view's listing rule, applied then.
  const latest = useRef(select);
  useEffect(() => {
    latest.current = select;
  }, [select]);
  const cancel = useRef<AbortController | null>(null);
  useEffect(() => () => cancel.current?.abort(), []);

  const write = async (format: Format, rowsNow: readonly LibraryEntry[]): Promise<string> => {
    if (format.format === 'csv') {
      download(csv(rowsNow), 'library.csv', 'text/csv');
      return `Wrote ${rowsNow.length} of ${rowsNow.length} row${rowsNow.length === 1 ? '' : 's'} to library.csv.`;
    }
    // The converters load on the first export (and every world's code with allWorlds): listing traces needs neither.
    const { describeExport, exportRows, zipNameOf } = await import('../../lib/libraryExport');
    const out = await exportRows(rowsNow, format.format, {
      payloadOf,
      runs: library.store.getState().runs,
      worlds: await allWorlds(),
      created: new Date().toISOString(),
      vfShape: vfCurrent ? 'current' : 'as-written',
    });
    const zipName = zipNameOf(out, format.format, zip);
    if (zipName) await downloadZip(out.files, zipName);
    else for (const f of out.files) download(f.text, f.name, format.type);
    return describeExport(out, zipName);
  };

  const run = async (format: Format) => {
    const name = format.label.replace(/^Export /, '');
    const abort = new AbortController();
    cancel.current = abort;
    setSaid(null);
    const work = async () => {
      setWaiting(null);
      const { rows: rowsNow, scope: scopeNow } = latest.current(library.store.getState().entries);
      const head = `${name} of ${scopeNow}: ${await write(format, rowsNow)}`;
      const unread = picked ? null : unreadRuns(library.store.getState());
      return unread ? `${head} ${unread[0]!.toUpperCase()}${unread.slice(1)}.` : head;
    };
    try {
      // A selection is whole as it is: nothing read later joins it. A listing waits for every run still being read.
      const note = picked ? await work() : await afterRead(library.store, abort.signal, (what) => setWaiting({ label: format.label, what }), work);
      setSaid(note ?? `${name}: cancelled while the library was still being read. Nothing was written.`);
    } catch (e) {
      setSaid(`Nothing was exported: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setWaiting(null);
      if (cancel.current === abort) cancel.current = null;
    }
  };

  const formats: Format[] = [...LIBRARY_EXPORTS, { format: 'csv', label: 'Export CSV' }];
  return (
    <>
      {formats.map((f) => (
        <Fragment key={f.format}>
          <button
            type="button"
            disabled={(!rows.length && pending === null) || waiting !== null}
            aria-busy={waiting?.label === f.label}
            onClick={() => void run(f)}
            title={pending && !waiting ? `Waits for ${pending}` : undefined}
            data-testid={f.format === 'native' ? 'export-jsonl' : `export-${f.format}`}
          >
            {waiting?.label === f.label ? `${f.label}: waiting…` : f.label}
          </button>
          {f.format === 'vf' ? (
            <label className="small" title="vf-eval rows are written as their vf-eval version wrote them unless this is ticked">
              <input type="checkbox" checked={vfCurrent} onChange={(e) => setVfCurrent(e.target.checked)} data-testid="export-vf-current" /> in today's shape
            </label>
          ) : null}
        </Fragment>
      ))}
      <label className="check small" title="An export of several files (an Inspect log per env, model and run) as one download">
        <input type="checkbox" checked={zip} onChange={(e) => setZip(e.target.checked)} data-testid="export-zip" /> several files as one .zip
      </label>
      {waiting ? (
        <p className="warn-box small export-note" role="status" data-testid="export-waiting">
          {waiting.label.replace(/^Export /, '')} waits for the library to finish reading: {waiting.what}. It then writes every row listed.{' '}
          <button type="button" onClick={() => cancel.current?.abort()} data-testid="export-cancel">
            Cancel
          </button>
        </p>
      ) : said ? (
        <p className="muted small export-note" role="status" data-testid="export-note">
          {said}
        </p>
      ) : null}
    </>
  );
}
