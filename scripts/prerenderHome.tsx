// Computes the home page's rows in Node with the app's own code and renders
// the page's markup with its own components; prints {html, json, id, traces,
// tracesLink} (the markup, the rows' data block and its element id, the empty
// library's markup, and the library with a link's question) for the build
// (vite.config.ts, prerenderHome) to write into index.html. The rows are
// deterministic, and the Node/Chromium byte-identity test (e2e/determinism)
// holds the two runtimes to the same values; the page still recomputes them
// and says whether they agree. Every home table is the registry's: each
// world's showcase on the world as Node runs it (src/worlds/registry).
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { HomePage } from '../src/ui/components/HomePage';
import { LinkPrompt } from '../src/ui/components/library/LinkImport';
import { BUILT_ROWS_ID, builtRowsJson, initialHomeState, type BuiltHomeRows } from '../src/ui/lib/home/check';
import { PROMPT_SLOTS } from '../src/ui/lib/linkPrompt';
import { parseHash } from '../src/ui/lib/route';
import LibraryView from '../src/ui/views/LibraryView';
import { homeTables } from '../src/ui/worlds/registry';
import { WORLDS } from '../src/worlds/registry';

const rows: BuiltHomeRows = {};
for (const table of homeTables()) {
  const world = WORLDS.find((w) => w.id === table.id);
  if (!world) throw new Error(`prerender: no world "${table.id}" in the Node registry for its home table`);
  rows[table.id] = await table.home.rows(Promise.resolve(world));
}
const html = renderToStaticMarkup(<HomePage state={initialHomeState(rows, Object.keys(rows))} gotchas={null} calibration={null} />);

/**
 * The library as a first visit renders it (nothing imported yet), painted
 * before any script on `#/traces`. It is a picture until the app replaces it
 * (the same markup): the build marks it inert, and drops its test ids and
 * accessible names, so neither a person nor a test can use a control that
 * has no code behind it yet.
 */
// renderToString: it keeps adjacent texts apart (`<!-- -->`), as the app's DOM has them, so the text is laid out the same to the pixel.
const library = renderToString(<LibraryView route={parseHash('#/traces')} />);
const picture = (markup: string) => markup.replace(/ (data-testid|aria-label)="[^"]*"/g, '');
const traces = picture(library);

/**
 * The library as a `#/traces?src=…` link opens it: the link's question where
 * the app puts it, drawn by the app's LinkPrompt with marks for the link's
 * texts, which the entry fills in and shows (src/ui/lib/earlyLink.ts). The
 * question is live (its buttons are the entry's until the app replaces it);
 * the rest of the library is a picture, as above.
 */
function withPrompt(markup: string): string {
  const anchors = ['<h1>Trace library</h1>', '<div class="import-panel">', '</section><section class="panel">'];
  for (const a of anchors) if (markup.split(a).length !== 2) throw new Error(`prerender: the library's markup no longer has one ${a}`);
  const prompt = renderToString(<LinkPrompt text={PROMPT_SLOTS} onImport={() => undefined} onClose={() => undefined} />);
  const hidden = ' inert aria-hidden="true"';
  return markup
    .replace(anchors[0]!, `<h1 aria-hidden="true">Trace library</h1>${prompt}`)
    .replace(anchors[1]!, `<div class="import-panel"${hidden}>`)
    .replace(anchors[2]!, `</section><section class="panel"${hidden}>`);
}
const tracesLink = withPrompt(traces);
process.stdout.write(JSON.stringify({ html, json: builtRowsJson(rows), id: BUILT_ROWS_ID, traces, tracesLink }));
