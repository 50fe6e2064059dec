import { createImporter, type ImporterOptions } from './importer';
import type { ImportedItem, ImportSummary } from './types';

/** Import text already in memory (tests, small pasted files): the same importer, one chunk. */
export function importText(text: string, options: ImporterOptions = {}): { items: ImportedItem[]; summary: ImportSummary } {
  return importChunks([text], options);
}

/** Import a sequence of chunks, collecting every item. */
export function importChunks(chunks: Iterable<string>, options: ImporterOptions = {}): { items: ImportedItem[]; summary: ImportSummary } {
  const importer = createImporter(options);
  const items: ImportedItem[] = [];
  const collect = (events: ReturnType<typeof importer.push>) => {
    for (const e of events) if (e.type === 'item') items.push(e.item);
  };
  for (const chunk of chunks) collect(importer.push(chunk));
  collect(importer.finish());
  return { items, summary: importer.summary() };
}
