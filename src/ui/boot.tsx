import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { routeView } from './views/lazyViews';
import { routeHead } from './views/routeModules';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The first render waits for the route's view (main.tsx started its download
// with this chunk's): a view that suspends there would replace the shell with
// "Loading…", and React holds a fallback it has shown for ~300 ms after the
// view arrives. If the view fails to load, the render shows that as usual.
void (routeView(routeHead(window.location.hash))?.preload() ?? Promise.resolve()).catch(() => undefined).then(render);
