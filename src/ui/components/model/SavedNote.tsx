import type { SaveState } from '../../live/types';

/** Where a finished model run went: the trace library, or (if storage refused it) nowhere but this tab. */
export function SavedNote({ id, save }: { id: string; save: SaveState }) {
  return (
    <section className="panel saved" data-testid="saved">
      {save.kind === 'saved' ? (
        <span>
          Saved to this browser’s trace library as <code>{id}</code>: open it from <a href="#/traces">Traces</a> (the library view lists every saved run). The
          trace keeps the exact messages exchanged and the usage, never the API key.
        </span>
      ) : save.kind === 'failed' ? (
        <span className="error">Could not save the trace: {save.message}. It is listed in Traces as not saved: export it to keep it.</span>
      ) : (
        <span className="muted">Saving to the trace library…</span>
      )}
    </section>
  );
}
