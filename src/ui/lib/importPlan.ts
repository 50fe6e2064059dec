/** One data file to import, with the run's metadata.json when it has one. */
export interface FileImport<F> {
  file: F;
  metadata?: F;
}

export interface ImportPlan<F> {
  imports: FileImport<F>[];
  /** What the person should know about the choice itself (shown above the per-file lines). */
  notes: string[];
}

const isMetadata = (f: { name: string }) => f.name === 'metadata.json';

/**
 * Which files to import, and with which metadata. vf-eval writes one
 * metadata.json beside each results.jsonl: a single one is given to every
 * data file (native traces ignore it). With several, nothing says which
 * belongs to which, and guessing would mislabel rollouts, so none is used.
 * Chosen alone, a metadata.json is imported as data, and the importer says
 * what it is.
 */
export function planFileImports<F extends { name: string }>(files: readonly F[]): ImportPlan<F> {
  const metadata = files.filter(isMetadata);
  const data = files.filter((f) => !isMetadata(f));
  if (data.length === 0) return { imports: metadata.map((file) => ({ file })), notes: [] };
  if (metadata.length <= 1) return { imports: data.map((file) => ({ file, metadata: metadata[0] })), notes: [] };
  return {
    imports: data.map((file) => ({ file })),
    notes: [
      `${metadata.length} metadata.json files were chosen, and which belongs to which results file is unknown, so none was used: choose each run's results.jsonl with its own metadata.json.`,
    ],
  };
}
