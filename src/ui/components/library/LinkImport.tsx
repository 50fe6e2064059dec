import { useEffect } from 'react';
import { clampText, hoverText } from '../../lib/clamp';
import { checkImportLink, ONLY_HTTP } from '../../lib/importLink';
import { warmImportWorker } from '../../lib/importWorkers';
import { importUrl } from '../../lib/library';
import { Clamp } from '../Clamp';

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
    <div className="link-import" role="group" aria-label="import from a link" data-testid="link-import">
      <p>
        This link asks to import traces from {link.sameOrigin ? 'this site' : 'another site'}. <strong>Nothing has been fetched yet.</strong>
      </p>
      <dl className="link-where">
        <dt>host</dt>
        <dd data-testid="link-host">{link.host}</dd>
        <dt>path</dt>
        <dd data-testid="link-path" title={hoverText(link.path)}>
          {clampText(link.path, 400)}
        </dd>
      </dl>
      <p className="muted small">
        Only this address is fetched, without cookies; if it answers with a redirect, the import stops there. The traces join this tab’s library as data: nothing in
        them runs until you open one, and then only inside the world.
      </p>
      <div className="play-row">
        <button
          type="button"
          className="primary"
          onClick={() => {
            importUrl(link.url);
            onClose();
          }}
        >
          Import from <Clamp text={link.host} max={60} />
        </button>
        <button type="button" onClick={onClose}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
