import { checkImportLink } from './importLink';
import { startEarlyImport } from './importWorkers';
import { fillSlots, linkPromptText } from './linkPrompt';

/** The `src` a `#/traces?src=…` hash asks to import, as the library reads it (its route's query), or null. */
export const earlySrc = (hash: string): string | null => new URLSearchParams(hash.split('?', 2)[1] ?? '').get('src');

/** The hash's query without `src`: the link is decided, Back or a reload does not ask again (as LibraryView's closeLink). */
function dropSrc(): void {
  const [path, query = ''] = window.location.hash.split('?', 2);
  const q = new URLSearchParams(query);
  q.delete('src');
  const rest = q.toString();
  history.replaceState(history.state, '', `${path}${rest ? `?${rest}` : ''}`);
  // The app's route follows hashchange (lib/route.ts), which replaceState does not fire; its module may be loaded already.
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

/**
 * `#/traces?src=…` before the app has loaded: index.html carries the library
 * with the link's question drawn with marks for its texts (the app's own
 * LinkPrompt, scripts/prerenderHome.tsx). This fills in the link's host and
 * path, shows the question and answers its two buttons, so the reader can
 * decide as soon as the page is painted: "Import from …" starts the import in
 * the worker started ahead, and the library takes it over when it loads
 * (lib/importWorkers.ts); Dismiss drops the link. Nothing is fetched before
 * the click. A link that is refused is left to the app, which says why.
 */
export function showEarlyLink(src: string): void {
  const shell = document.querySelector('.boot-traces-link');
  const prompt = shell?.querySelector<HTMLElement>('[data-testid="link-import"]');
  if (!prompt) return;
  const link = checkImportLink(src, window.location.origin);
  if (!link.ok) return prompt.remove();
  const text = linkPromptText(link);
  const walker = document.createTreeWalker(prompt, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) n.nodeValue = fillSlots(n.nodeValue ?? '', text);
  for (const el of prompt.querySelectorAll('[title]')) el.setAttribute('title', fillSlots(el.getAttribute('title') ?? '', text));
  prompt.classList.add('link-ready');
  const decided = () => {
    dropSrc();
    prompt.remove();
  };
  prompt.querySelector('[data-link="import"]')?.addEventListener('click', () => {
    startEarlyImport(link.url, `import-${crypto.randomUUID().slice(0, 8)}`);
    decided();
  });
  prompt.querySelector('[data-link="dismiss"]')?.addEventListener('click', decided);
}
