import react from '@vitejs/plugin-react';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import { hintScripts } from './scripts/compileHints.ts';

/**
 * Marks every script the build writes — the app's chunks and the workers' — for eager compilation.
 * Left lazy, V8 compiles a function on its first call, on the thread that calls it: on the home page
 * that was a quarter of the page's thread while its tables were checked (compiles of ~900 functions,
 * in a trace), and the worker's own. Eager, a module script is compiled while it streams in, off the
 * page's thread. Interleaved against the same build without it (12 rounds each): the library's first
 * row 713 → 678 ms (Inspect log) and 747 → 712 ms (vf-eval). Other engines ignore the comment.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: { order: 'post', handler: (_options, bundle) => hintScripts(bundle as Parameters<typeof hintScripts>[0]) },
  };
}

/** Where src/ui/shell-route.js finds the import worker's built name. */
const IMPORT_WORKER_META = 'vp-import-worker';

/**
 * Names the import worker's script in index.html, for src/ui/shell-route.js to
 * start it on a `#/traces?src=…` link before the body is parsed: the worker's
 * script then loads ahead of the app's two dozen modules (six requests at a
 * time on an HTTP/1.1 host) and is running when the reader clicks "Import
 * from …" (src/ui/lib/importWorkers.ts adopts it). Nothing is fetched until
 * the click, as before.
 */
function nameImportWorker(): Plugin {
  return {
    name: 'name-import-worker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const workers = Object.keys(ctx.bundle ?? {}).filter((f) => /(^|\/)import\.worker-[^/]*\.js$/.test(f));
        if (workers.length !== 1) throw new Error(`name-import-worker: expected one import worker in the build, found ${workers.length}`);
        return [{ tag: 'meta', attrs: { name: IMPORT_WORKER_META, content: `./${workers[0]}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * src/ui/shell-route.js, written inline in <head> so the page's first paint waits for no request of it: as a
 * blocking `<script src>` it held the parser ~30 ms, and the stylesheet's request with it, on every cold load.
 * The policy allows it by its hash, and no other inline script.
 */
const SHELL_ROUTE = readFileSync(new URL('./src/ui/shell-route.js', import.meta.url), 'utf8').trim();
if (/<\/script|<!--/i.test(SHELL_ROUTE)) throw new Error('src/ui/shell-route.js: cannot be written inline (it contains "</script" or "<!--")');
const SHELL_ROUTE_HASH = `'sha256-${createHash('sha256').update(SHELL_ROUTE).digest('base64')}'`;

/**
 * The site's Content-Security-Policy. Scripts, styles and workers come only
 * from the site itself ('wasm-unsafe-eval' lets sql.js compile its wasm), and
 * the one inline script is allowed by its hash; connect-src is open to any
 * http(s) origin because the model endpoint and a `?src=` import are
 * addresses the person chooses.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${SHELL_ROUTE_HASH}`,
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self' https: http:",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * The policy as a <meta> first in the built index.html (static hosts such as
 * GitHub Pages send no headers of our choosing). Build only: the dev server
 * injects an inline script and <style> elements for hot reload, which the
 * policy would block.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' }],
  };
}

/** Where index.html takes the prerendered home page and empty library, and the script that shows the route's. */
const HOME_MARKER = '<!--home-prerender-->';
const TRACES_MARKER = '<!--traces-prerender-->';
const TRACES_LINK_MARKER = '<!--traces-link-prerender-->';
const ROUTE_MARKER = '<!--shell-route-->';

/**
 * The home page painted before any script runs: its rows are deterministic, so
 * the build computes them in Node with the app's own code and components
 * (scripts/prerenderHome.tsx, started with the build, read when the HTML is
 * written) and puts the markup in index.html, the rows beside it as a JSON
 * data block. The page recomputes them and marks each table verified (or
 * lists what differs). The empty library (`#/traces`, where imports and
 * `?src=` links land) is prerendered the same way, so its shell paints as
 * soon as a static page would, and with a link's question for `?src=` links. `src/ui/shell-route.js`, inline first in
 * <head> (allowed by its hash, above), shows the route's prerendered page and hides the other before the body is parsed;
 * first, so it runs before the stylesheet is requested instead of waiting for it.
 */
function prerenderHome(): Plugin {
  let root = process.cwd();
  let result: Promise<{ html: string; json: string; id: string; traces: string; tracesLink: string }> | null = null;
  return {
    name: 'prerender-home',
    apply: 'build',
    configResolved: (config) => void (root = config.root),
    buildStart() {
      result = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/prerenderHome.tsx'], { cwd: root, maxBuffer: 1 << 24 }).then(
        ({ stdout }) => JSON.parse(stdout) as { html: string; json: string; id: string; traces: string; tracesLink: string },
      );
      result.catch(() => undefined);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!result) throw new Error('prerender-home: the build did not start the prerender');
        for (const marker of [HOME_MARKER, TRACES_MARKER, TRACES_LINK_MARKER, ROUTE_MARKER])
          if (!html.includes(marker)) throw new Error(`prerender-home: index.html has no ${marker}`);
        const { html: markup, json, id, traces, tracesLink } = await result;
        return {
          // Replacer functions: the markup is text from the worlds, and a "$&" in it must stay as written.
          html: html
            .replace(ROUTE_MARKER, () => `<script>${SHELL_ROUTE}</script>`)
            .replace(HOME_MARKER, () => `<div class="boot-home">${markup}</div>`)
            // Inert and hidden from assistive technology: a picture of the library until the app, which has the code behind it, replaces it.
            .replace(TRACES_MARKER, () => `<div class="boot-traces" inert aria-hidden="true">${traces}</div>`)
            // A link's question, live before the app loads (src/ui/lib/earlyLink.ts); the rest of that library is inert, as above.
            .replace(TRACES_LINK_MARKER, () => `<div class="boot-traces-link">${tracesLink}</div>`),
          tags: [{ tag: 'script', attrs: { type: 'application/json', id }, children: json, injectTo: 'body' }],
        };
      },
    },
  };
}

export default defineConfig({
  // Relative asset paths: the build works from any sub-path (GitHub Pages project sites).
  base: './',
  plugins: [react(), nameImportWorker(), contentSecurityPolicy(), prerenderHome(), compileHints()],
  worker: { format: 'es', plugins: () => [compileHints()] },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|@reduxjs|redux|immer|reselect|react-redux|eventemitter3|tiny-invariant|es-toolkit)[\\/]/,
              priority: 20,
            },
            // React outranks charts: a group takes its dependencies along, and React must stay in the shared chunk.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
  preview: { port: 4317, strictPort: true },
  server: { port: 5173 },
});
