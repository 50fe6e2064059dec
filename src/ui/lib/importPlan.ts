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

/** The folder a file was chosen in, when the browser says (a chosen folder's files carry their relative path). */
const folderOf = (f: { webkitRelativePath?: string }) => {
  const path = f.webkitRelativePath ?? '';
  const cut = path.lastIndexOf('/');
  return cut > 0 ? path.slice(0, cut) : null;
};

/**
 * Which files to import, and with which metadata. vf-eval writes one
 * metadata.json beside each results.jsonl: in a chosen folder, each data file
 * gets the metadata.json of its own folder, if it has one. Otherwise a single one is given to
 * every data file (native traces ignore it); with several, nothing says which
 * belongs to which, and guessing would mislabel rollouts, so none is used.
 * Chosen alone, a metadata.json is imported as data, and the importer says
 * what it is.
 */
export function planFileImports<F extends { name: string; webkitRelativePath?: string }>(files: readonly F[]): ImportPlan<F> {
  const metadata = files.filter(isMetadata);
  const data = files.filter((f) => !isMetadata(f));
  if (data.length === 0) return { imports: metadata.map((file) => ({ file })), notes: [] };
  const byFolder = new Map(metadata.flatMap((m) => (folderOf(m) === null ? [] : [[folderOf(m)!, m] as const])));
  // Files of a chosen folder pair by folder, even when only one run there has a metadata.json.
  if (metadata.length > 0 && byFolder.size === metadata.length && data.every((f) => folderOf(f) !== null))
    return { imports: data.map((file) => ({ file, metadata: byFolder.get(folderOf(file) ?? '') })).map((i) => (i.metadata ? i : { file: i.file })), notes: [] };
  if (metadata.length <= 1) return { imports: data.map((file) => ({ file, metadata: metadata[0] })), notes: [] };
  return {
    imports: data.map((file) => ({ file })),
    notes: [
      `${metadata.length} metadata.json files were chosen, and which belongs to which results file is unknown, so none was used: choose each run's results.jsonl with its own metadata.json, or choose the folder that holds them.`,
    ],
  };
}
