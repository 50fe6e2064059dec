// Runs before the body is parsed (a blocking script in <head>: the CSP allows no
// inline script). index.html carries the home page prerendered; on any other
// route the shell shows "Loading…" instead until the app renders that route.
// The home route is what App renders HomeView for: a hash with no path.
{
  const path = location.hash.replace(/^#\/?/, '').split('?')[0];
  document.documentElement.setAttribute('data-boot', path.split('/').some(Boolean) ? 'other' : 'home');
}
