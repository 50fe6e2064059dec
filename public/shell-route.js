// Runs before the body is parsed (a blocking script in <head>: the CSP allows no
// inline script). index.html carries the home page prerendered; on any other
// route the shell shows "Loading…" instead until the app renders that route.
// The home route is what App renders HomeView for: a hash with no path. Only
// the home page needs SQLite at once (its tables are checked with it): there,
// the wasm's download starts now, named by a meta the build writes
// (vite.config.ts, preloadWasm); other routes load it when they need it.
{
  const path = location.hash.replace(/^#\/?/, '').split('?')[0];
  const home = !path.split('/').some(Boolean);
  document.documentElement.setAttribute('data-boot', home ? 'home' : 'other');
  const wasm = home && document.querySelector('meta[name="vp-sql-wasm"]');
  if (wasm) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.type = 'application/wasm';
    link.crossOrigin = '';
    link.href = wasm.content;
    document.head.appendChild(link);
  }
}
