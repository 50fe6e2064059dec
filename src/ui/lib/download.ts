import { pageScrubber } from './model/secrets';

/**
 * Save text as a file the person downloads. Every export leaves the page
 * here, so this is where a secret is masked once more, in whatever spelling
 * the format gave it, even if the export forgot to scrub.
 */
export function download(text: string, name: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([pageScrubber().text(text)], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
