import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Preload the sql.js wasm from index.html, so its download starts before any script runs. */
function preloadWasm(): Plugin {
  return {
    name: 'preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const wasm = Object.keys(ctx.bundle ?? {}).find((f) => f.endsWith('.wasm'));
        return wasm ? [{ tag: 'link', attrs: { rel: 'preload', href: `./${wasm}`, as: 'fetch', type: 'application/wasm', crossorigin: '' }, injectTo: 'head' }] : [];
      },
    },
  };
}

export default defineConfig({
  // Relative asset paths: the build works from any sub-path (GitHub Pages project sites).
  base: './',
  plugins: [react(), preloadWasm()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'charts', test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|@reduxjs|redux|immer|reselect|react-redux|eventemitter3|tiny-invariant|es-toolkit)[\\/]/, priority: 20 },
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
