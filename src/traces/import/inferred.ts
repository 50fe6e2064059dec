/**
 * What a tolerant reader filled in that a file did not say outright, counted
 * per file and reported with the import ("role inferred for 48 tool
 * messages"). Readers accept every shape a reference reader accepts; the
 * report says where they had to read between the lines.
 */
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Each thing a reader may infer, and its sentence for `n` occurrences. Keys, not functions, travel (a worker posts them). */
const TEXT = {
  roleTool: (n: number) => `role inferred for ${plural(n, 'tool message')} (no role; a tool_call_id or function says what it is)`,
  roleAssistant: (n: number) => `role inferred for ${plural(n, 'assistant message')} (no role; tool calls, a model or source "generate" say what it is)`,
  roleUser: (n: number) => `role inferred for ${plural(n, 'user message')} (no role; source "input")`,
  roleUnknown: (n: number) => `${plural(n, 'message')} with no role and nothing that says one: shown with the role "unknown"`,
  infoEmpty: (n: number) => `info was an empty string in ${plural(n, 'row')} (as hosted-run exports write it): read as no info`,
  infoJson: (n: number) => `info decoded from a JSON string in ${plural(n, 'row')}, as verifiers decodes it`,
  infoKept: (n: number) => `info was not a JSON object in ${plural(n, 'row')}: kept as written under the row's other fields`,
  envFromRun: () => `the env read from metadata.json's run.environments[0].id (a hosted-run export)`,
  modelFromBase: () => `the model read from metadata.json's run.base_model (a hosted-run export)`,
  columns: (n: number) => `${plural(n, 'row')} read from a document of columns (a list per field, as json.dump of verifiers' GenerateOutputs writes)`,
  rowArray: (n: number) => `${plural(n, 'row')} read from a JSON array of rows (one document, not one row per line)`,
  scoresFromScore: (n: number) => `${plural(n, 'sample')} with a single "score" (Inspect's first log schema): read as scores under the run's scorer`,
} satisfies Record<string, (n: number) => string>;

export type Inference = keyof typeof TEXT;

export type Infer = (what: Inference) => void;

/** A file's inferences: counted as readers note them, listed as sentences in the order first seen. */
export class Tally {
  private readonly counts = new Map<Inference, number>();

  readonly note: Infer = (what) => {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  };

  list(): string[] {
    return [...this.counts].map(([what, n]) => TEXT[what](n));
  }
}
