import { pageScrubber } from './model/secrets';

/**
 * Save text as a file the person downloads. Every export leaves the page
 * here, so this is where a secret is masked once more, in whatever spelling
 * the format gave it, even if the export forgot to scrub.
 */
export function download(text: string, name: string, type = 'application/json'): void {
  save(new Blob([pageScrubber().text(text)], { type }), name);
}

/** Several files as one zip (each masked like `download`'s text), its bytes. fflate loads with the first zip made. */
export async function zipFiles(files: readonly { name: string; text: string }[]): Promise<Uint8Array<ArrayBuffer>> {
  const { strToU8, zipSync } = await import('fflate');
  const scrub = pageScrubber();
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.name] = strToU8(scrub.text(f.text));
  // A copy typed for Blob: fflate's bytes are over an ArrayBufferLike.
  return new Uint8Array(zipSync(entries));
}

/** Several files of one export as one download: a zip named `name`. */
export async function downloadZip(files: readonly { name: string; text: string }[], name: string): Promise<void> {
  save(new Blob([await zipFiles(files)], { type: 'application/zip' }), name);
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
