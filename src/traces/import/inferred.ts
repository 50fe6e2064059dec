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
  // The detail is the reward's column, "scorer/key".
  rewardFromMetric: (n: number, column = '') =>
    `the reward of ${plural(n, 'sample')} read from ${partOf(column)}: the part named like the log's metric for that scorer; every part is a column, and the library's runs panel can read another as the run's reward`,
  rewardFromFirstPart: (n: number, column = '') =>
    `the reward of ${plural(n, 'sample')} read from ${partOf(column)}: the first numeric part (none is named like one of the log's metrics); every part is a column, and the library's runs panel can read another as the run's reward`,
} satisfies Record<string, (n: number, detail?: string) => string>;

/** "part tests_passed of hack_scorer's dict score". */
function partOf(column: string): string {
  const at = column.lastIndexOf('/');
  return at < 0 ? column : `part ${column.slice(at + 1)} of ${column.slice(0, at)}'s score`;
}

export type Inference = keyof typeof TEXT;

/** `detail` tells apart inferences of one kind that read differently (which part became the reward). */
export type Infer = (what: Inference, detail?: string) => void;

/** A file's inferences: counted as readers note them, listed as sentences in the order first seen. */
export class Tally {
  private readonly counts = new Map<string, { what: Inference; detail: string | undefined; n: number }>();

  readonly note: Infer = (what, detail) => {
    const key = detail === undefined ? what : `${what}\u0000${detail}`;
    const seen = this.counts.get(key);
    if (seen) seen.n++;
    else this.counts.set(key, { what, detail, n: 1 });
  };

  list(): string[] {
    return [...this.counts.values()].map(({ what, detail, n }) => TEXT[what](n, detail));
  }
}
