import { useEffect } from 'react';
import { checkImportLink, ONLY_HTTP } from '../../lib/importLink';
import { warmImportWorker } from '../../lib/importWorkers';
import { importUrl } from '../../lib/library';
import { linkPromptText, type LinkPromptText } from '../../lib/linkPrompt';

/**
 * A `#/traces?src=` link, asked about before anything is fetched: the host and
 * path it names, and what fetching it does. A link is someone else's choice;
 * importing is the reader's.
 */
export function LinkImport({ src, onClose }: { src: string; onClose(): void }) {
  const link = checkImportLink(src, window.location.origin);
  // While the reader decides, the import's worker starts (nothing is fetched): a click then imports at once.
  useEffect(() => {
    if (link.ok) warmImportWorker();
  }, [link.ok]);
  if (!link.ok)
    return (
      <div className="link-import link-refused" role="alert" data-testid="link-refused">
        <p>
          <strong>This link’s import is refused:</strong> {link.reason}. {ONLY_HTTP}
        </p>
        <button type="button" onClick={onClose}>
          Dismiss
        </button>
      </div>
    );
  return (
    <LinkPrompt
      text={linkPromptText(link)}
      onImport={() => {
        // A failure is listed on its job's line (importUrl never rejects).
        void importUrl(link.url);
        onClose();
      }}
      onClose={onClose}
    />
  );
}

/**
 * The question itself, from its texts alone: the build draws it with marks for
 * them into index.html, and the entry fills them in and shows it before the
 * app has loaded (lib/earlyLink.ts), so this markup is the one both show.
 */
export function LinkPrompt({ text, onImport, onClose }: { text: LinkPromptText; onImport(): void; onClose(): void }) {
  return (
    <div className="link-import" role="group" aria-label="import from a link" data-testid="link-import">
      <p>
        This link asks to import traces from {text.where}. <strong>Nothing has been fetched yet.</strong>
      </p>
      <dl className="link-where">
        <dt>host</dt>
        <dd data-testid="link-host">{text.host}</dd>
        <dt>path</dt>
        <dd data-testid="link-path" title={text.pathTitle}>
          {text.path}
        </dd>
      </dl>
      <p className="muted small">
        Only this address is fetched, without cookies; if it answers with a redirect, the import stops there. The traces join this tab’s library as data:
        nothing in them runs until you open one, and then only inside the world.
      </p>
      <div className="play-row">
        <button type="button" className="primary" onClick={onImport} data-link="import">
          {/* As Clamp draws a name (the prompt's texts are cut beforehand, in linkPromptText). */}
          Import from{' '}
          <span className="clamp" title={text.buttonHostTitle}>
            {text.buttonHost}
          </span>
        </button>
        <button type="button" onClick={onClose} data-link="dismiss">
          Dismiss
        </button>
      </div>
    </div>
  );
}
