/**
 * The rows a world showed an agent, kept whole, so that a fact (a gold row: a label and its values)
 * counts as observed only when the world showed it *together*: one row of one result held all its
 * cells, or rows linked through a shown key (a value that identifies a record: a name with its id in
 * one result, the id with a total in another). Values shown apart — names in one query, totals in
 * another, paired by a guess or by sort order — are not a fact.
 *
 * A row is no fact where its result pairs the same label with rival values (a cross join of cities
 * and counts shows Tallinn with every count), nor where the value is one broadcast down a result of
 * different labels (every order beside the one maximum): such a result shows no pairing.
 *
 * Worlds decide what a cell holds and which cells are keys (`FactReader`); this store keeps results
 * compactly (identical results once) and searches links only at scoring time, bounded.
 */

/** A cell as the world showed it, after its cuts (a value the agent typed cut out; a column that shows nothing as null). */
export type ShownCell = string | number | null;

export interface ShownResult {
  rows: ShownCell[][];
  /** Per column, the kind of record its values identify (an id as stored), or null. */
  keys: (string | null)[];
  /** What a one-row result stands for beyond its cells (a label its filter named), with the kind of record each identifies. */
  context: { value: ShownCell; key: string | null }[];
  /** World data a reader needs about the whole result (tripwire: the numbers the statement typed). */
  note?: unknown;
}

export interface FactReader<G> {
  /** Whether a shown cell holds the gold value (the result's `note` says what else the world knows). */
  holds(cell: ShownCell, gold: G, result: ShownResult): boolean;
  /** Whether the gold value names its row (a name, a category) rather than measures it; a number held by a key column names it too. */
  isLabel(gold: G): boolean;
  /** The key a cell stands for — from its column's kind (`kind`, null when none) or its value (a unique name) — or null. */
  keyOf(cell: ShownCell, kind: string | null): string | null;
}

/** Rows a result may hold before a link search stops looking there, and rows a search visits per fact: bounded whatever the episode. */
const MAX_ROWS_STORED = 100_000;
const MAX_VISITS = 20_000;
/** A fact may join at most this many rows: (name, id), (id, total) — or a chain through one more record. */
const MAX_LINKED_ROWS = 3;

/** A value beside this many different labels, the same in every row, is broadcast (two statuses with 20 orders each are not). */
const BROADCAST_LABELS = 3;

type RowRef = { result: number; row: number };

/** How many different labels (the cells in `cols`) a result's rows carry. */
const labels = (r: ShownResult, cols: ReadonlySet<number>) => new Set(r.rows.map((row) => JSON.stringify([...cols].map((j) => row[j] ?? null)))).size;

export class ShownRows {
  private readonly results: ShownResult[] = [];
  private readonly seen = new Set<string>();
  private rows = 0;

  /** Keeps one result; an identical result already kept (a query run again) is not kept twice. */
  add(result: ShownResult): void {
    if (result.rows.length === 0 && result.context.length === 0) return;
    if (this.rows + result.rows.length > MAX_ROWS_STORED) return;
    const id = JSON.stringify(result);
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.results.push(result);
    this.rows += result.rows.length;
  }

  /** How many results are kept: a reading of the store is the same while this is. */
  get size(): number {
    return this.results.length;
  }

  /** A row with its result's context: what one fact in it can draw on. */
  private cellsOf(ref: RowRef): { cells: ShownCell[]; kinds: (string | null)[] } {
    const r = this.results[ref.result]!;
    return { cells: [...r.rows[ref.row]!, ...r.context.map((c) => c.value)], kinds: [...r.keys, ...r.context.map((c) => c.key)] };
  }

  /**
   * Whether a fact of several values was shown whole: one row holds them all with no rival pairing in its
   * result, or up to three rows, each unambiguous in its own result, hold them and are linked by shared keys.
   * A fact of one value is shown when any row holds it.
   */
  whole<G>(fact: readonly G[], reader: FactReader<G>): boolean {
    const holders = fact.map(() => [] as RowRef[]);
    this.results.forEach((r, result) =>
      r.rows.forEach((_, row) => {
        const { cells } = this.cellsOf({ result, row });
        fact.forEach((g, i) => {
          if (cells.some((c) => reader.holds(c, g, r))) holders[i]!.push({ result, row });
        });
      }),
    );
    if (holders.some((h) => h.length === 0)) return false;
    if (fact.length <= 1) return true;
    // One row holding every value, unambiguous in its result.
    const all = new Set(fact.map((_, i) => i));
    for (const ref of holders[0]!) if (this.covers(ref, fact, reader, all, new Set()).size === fact.length) return true;
    return this.linked(fact, reader, holders);
  }

  /**
   * The fact's values a row holds unambiguously, given `anchors` (key values it is reached by): a row whose
   * result holds another row with the same labels and anchors but other values pairs nothing, and a value
   * broadcast down rows of different labels pairs nothing either.
   */
  private covers<G>(ref: RowRef, fact: readonly G[], reader: FactReader<G>, wanted: ReadonlySet<number>, anchors: ReadonlySet<string>): Set<number> {
    const r = this.results[ref.result]!;
    const { cells, kinds } = this.cellsOf(ref);
    const cols = (i: number) => cells.flatMap((c, j) => (reader.holds(c, fact[i]!, r) ? [j] : []));
    const held = [...wanted].filter((i) => cols(i).length > 0);
    if (r.rows.length <= 1 || held.length === 0) return new Set(held);
    // The columns that name this row: where a label of the fact sits, a key column holding it, or a key it was reached by.
    const labelCols = new Set<number>();
    held.forEach((i) => cols(i).forEach((j) => (reader.isLabel(fact[i]!) || kinds[j] ? labelCols.add(j) : null)));
    cells.forEach((c, j) => {
      const k = reader.keyOf(c, kinds[j] ?? null);
      if (k !== null && anchors.has(k)) labelCols.add(j);
    });
    if (labelCols.size === 0) return new Set(held);
    const width = r.rows[ref.row]!.length;
    const sameLabel = (other: readonly ShownCell[]) => [...labelCols].every((j) => j >= width || other[j] === cells[j]);
    const out = new Set<number>();
    for (const i of held) {
      const ok = cols(i).some((j) => {
        if (labelCols.has(j) || j >= width) return true;
        // Rival: the same label with another value in this column. Broadcast: one value beside every label.
        const rival = r.rows.some((other) => sameLabel(other) && other[j] !== cells[j]);
        const broadcast = r.rows.every((other) => other[j] === cells[j]) && labels(r, labelCols) >= BROADCAST_LABELS;
        return !rival && !broadcast;
      });
      if (ok) out.add(i);
    }
    return out;
  }

  /** Rows linked through shared keys that together hold the fact: a bounded breadth-first search from each holder of its first value. */
  private linked<G>(fact: readonly G[], reader: FactReader<G>, holders: RowRef[][]): boolean {
    const index = new Map<string, RowRef[]>();
    const keysOf = (ref: RowRef) => {
      const { cells, kinds } = this.cellsOf(ref);
      return [...new Set(cells.flatMap((c, j) => reader.keyOf(c, kinds[j] ?? null) ?? []))];
    };
    // Only rows holding some value of the fact, or a key, can take part.
    const candidates = new Set(holders.flat().map((h) => `${h.result}:${h.row}`));
    this.results.forEach((r, result) =>
      r.rows.forEach((_, row) => {
        const ref = { result, row };
        for (const k of keysOf(ref)) {
          let list = index.get(k);
          if (!list) index.set(k, (list = []));
          if (list.length < 1000) list.push(ref);
        }
      }),
    );
    let visits = 0;
    const all = new Set(fact.map((_, i) => i));
    type Path = { refs: RowRef[]; covered: Set<number>; keys: Set<string> };
    let frontier: Path[] = [];
    for (const ref of holders[0]!) {
      const keys = keysOf(ref);
      if (keys.length === 0) continue;
      frontier.push({ refs: [ref], covered: this.covers(ref, fact, reader, all, new Set(keys)), keys: new Set(keys) });
    }
    for (let depth = 1; depth < MAX_LINKED_ROWS && frontier.length > 0; depth++) {
      const next: Path[] = [];
      for (const path of frontier)
        for (const key of path.keys)
          for (const ref of index.get(key) ?? []) {
            if (++visits > MAX_VISITS) return false;
            if (path.refs.some((p) => p.result === ref.result && p.row === ref.row)) continue;
            const theirs = keysOf(ref);
            const via = new Set(theirs.filter((k) => path.keys.has(k)));
            const covered = new Set([...path.covered, ...this.covers(ref, fact, reader, all, via)]);
            if (covered.size === fact.length) return true;
            if (candidates.has(`${ref.result}:${ref.row}`) || theirs.length > 1)
              next.push({ refs: [...path.refs, ref], covered, keys: new Set([...path.keys, ...theirs]) });
          }
      frontier = next;
    }
    return false;
  }
}
