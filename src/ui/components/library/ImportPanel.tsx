import { useState, type DragEvent } from 'react';
import { DEFAULT_LIMITS, describeSize } from '../../../traces/import/limits';
import { checkImportLink, ONLY_HTTP } from '../../lib/importLink';
import { importFiles, importUrl } from '../../lib/library';
import { FilePick } from '../FilePick';
import { ImportStatus } from './ImportStatus';

/** Drop, pick or link files; each file's progress, result and malformed lines below. */
export function ImportPanel() {
  const [over, setOver] = useState(false);
  const [url, setUrl] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    importFiles([...e.dataTransfer.files]);
  };
  return (
    <div className="import-panel">
      <div
        className={`dropzone${over ? ' dropzone-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="dropzone"
      >
        <p>
          Drop native traces (.json / .jsonl), a vf-eval <code>results.jsonl</code> (with its <code>metadata.json</code>) or an Inspect log (.eval / .json)
          here, or{' '}
          <FilePick className="link" multiple accept=".json,.jsonl,.eval,application/json" onFiles={importFiles} testId="file-input">
            choose files
          </FilePick>{' '}
          or a {/* vf-eval's outputs/evals/<env>--<model>/<run>/: each results.jsonl with its own metadata.json, named by its folders. */}
          <FilePick
            className="link"
            multiple
            directory
            onFiles={(files) => importFiles(files.filter((f) => /\.(jsonl|json|eval)$/i.test(f.name)))}
            testId="folder-input"
          >
            folder
          </FilePick>
          .
        </p>
        <p className="muted small">
          Parsed in a background worker, line by line, one file after another. Files up to {describeSize(DEFAULT_LIMITS.maxTotalChars)}, JSONL lines up to{' '}
          {describeSize(DEFAULT_LIMITS.maxLineChars)} (a .json document, on one line or many, only to the file's size). Each file is a run, listed as it is read
          and kept in this browser (the file itself) until you remove it; the same file twice is noticed. A file that fails adds nothing and does not stop the
          others.
        </p>
        <form
          className="play-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (!url.trim()) return;
            const link = checkImportLink(url, window.location.origin);
            setRefused(link.ok ? null : `${link.reason}. ${ONLY_HTTP}`);
            // A failure is listed on its job's line (importUrl never rejects).
            if (link.ok) void importUrl(link.url);
          }}
        >
          <input
            className="grow"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://raw.githubusercontent.com/…/results.jsonl"
            aria-label="URL to import"
          />
          <button type="submit">Import URL</button>
        </form>
        {refused ? (
          <p className="error small" data-testid="url-refused">
            {refused}
          </p>
        ) : null}
      </div>
      <ImportStatus />
    </div>
  );
}
