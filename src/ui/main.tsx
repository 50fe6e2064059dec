import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { compileSqlWasm } from '../worlds/tripwire/browserWasm';
import { loadWorld } from './lib/worlds';
import './styles.css';

// Compile sql.js while the rest of the app loads; the home table needs it first.
void compileSqlWasm();
if (window.location.hash.replace(/^#\/?/, '') === '') void loadWorld('tripwire', 'reference');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
