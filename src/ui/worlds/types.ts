import type { ComponentType } from 'react';
import type { Json, JsonObject } from '../../core/json';
import type { Step, Task, ToolCall } from '../../core/types';
import type { World } from '../../core/world';
import type { HomeRow } from '../lib/home/rows';
import type { PublishedRow } from '../lib/report';

/**
 * What the world will run. `play`: SQL from a person, a model or a file, so
 * tripwire's databases live in Web Workers behind the watchdog. `reference`:
 * our own reference agents' SQL, run in-process on the page (episode views of
 * reference agents; the home table when its worker cannot start) — no Worker
 * to start and no second wasm compile.
 */
export type Purpose = 'play' | 'reference';

/**
 * A world's table on the home page: which reference rows it shows and what it
 * says about them. The rows are deterministic: the build prerenders them and
 * the page checks them again (lib/home/check).
 */
export interface HomeShowcase {
  /** Tables are shown by this number, smallest first (the story's order, not the registry's). */
  order: number;
  title: string;
  note: string;
  /** How many rows the table gets (placeholders of the right size while they compute). */
  count: number;
  /**
   * The rows, from the world as `load('reference')` gives it (the build: the world as Node runs it).
   * A promise of it: the showcase's own code is asked for while the world loads, not one round trip after.
   */
  rows(world: Promise<World>): Promise<HomeRow[]>;
  /**
   * Computed in the home worker, off the page's thread, by the world's `homeInWorker.ts`
   * (`HomeInWorker`): where the world's cold start would hold up the page (an SQL engine's first statements).
   */
  inHomeWorker?: boolean;
  /** A calibration shown under the tables (the world's own calibration panel), with what it proves. */
  calibration?: { title: string; intro: string };
}

/** A world's part of the home worker (`worlds/<id>/homeInWorker.ts`, found by the worker itself). */
export interface HomeInWorker {
  world: string;
  /** `wasm`: the module the page compiled for this world (`WorldEntry.wasm`), handed to the worker. */
  rows(wasm: () => Promise<WebAssembly.Module>): Promise<HomeRow[]>;
}

/**
 * How rows name a world's tasks from a recorded spec alone, without the world's
 * code: the library's task column and search, the report's groups, batch
 * tables, file names. Absent: a spec is named by its `id` (and seed).
 */
export interface SpecNames {
  /** The task with its seed: "hostile seed 6". */
  label(spec: JsonObject): string;
  /** The task without its seed, where seeds are pooled: "hostile". */
  name(spec: JsonObject): string;
  /** The report's group within the world (a profile); null: none. */
  group(spec: JsonObject): string | null;
}

/** A figure published for a real model, as a world declares it (its world is the declaring one). */
export type PublishedFigure = Omit<PublishedRow, 'world'>;

/**
 * A calibration of the world's own beyond the tasks × agents matrix (fault-api:
 * its solvers × profiles over many seeds), run in the calibration worker.
 * `params` and the result cross the worker boundary as structured clones.
 */
export type CalibrationJob = (params: Json, progress: (done: number, total: number) => void) => Promise<unknown>;

/**
 * The part of a world the app needs before any of its code is loaded: the
 * home page, pickers and the library read it. Declared in the world's folder
 * (`worlds/<id>/entry.ts`) and listed by the registry; everything else is
 * loaded when a view needs it.
 */
export interface WorldEntry {
  id: string;
  title: string;
  /** The world in one sentence (the world's own `summary`). */
  summary: string;
  /** Its home-page table, if it has one. */
  home?: HomeShowcase;
  /** How its recorded tasks are named; absent: by id. */
  specs?: SpecNames;
  load(purpose: Purpose): Promise<World>;
  /**
   * The world inside a Web Worker running our reference agents (calibration),
   * where the page's loader does not fit (tripwire: sql.js on the worker's own
   * wasm, in-process). Absent: `load('reference')` serves.
   */
  inWorker?(): Promise<World>;
  /** Everything else the UI knows about the world, loaded with it. */
  ui(): Promise<WorldUi>;
  /**
   * Readies, in idle time, what the first click on one of its episodes would
   * wait for (tripwire: a warm sql.js on the page). `idle` resolves when the
   * page is idle: await it between expensive steps. `reference`: the world as
   * the page's views load it for reference agents (once per page).
   */
  warm?(idle: () => Promise<void>, reference: () => Promise<World>): Promise<void>;
  /**
   * The WebAssembly module the world runs on, fetched and compiled once per
   * page. The entry starts it before the app loads (index.html preloads the
   * bytes), so compiling overlaps with loading; the home worker is handed it.
   */
  wasm?(): Promise<WebAssembly.Module>;
  /** Figures published for real models, shown in the report beside the person's own. */
  published?(): Promise<readonly PublishedFigure[]>;
  /** Its calibration job for the calibration worker (`CalibrationJob`), when its panel runs one. */
  calibrationJob?(): Promise<CalibrationJob>;
  /** Whole traces the diagnostics page computes and Node computes too, by key: they must match byte for byte. */
  probe?(): Promise<Record<string, string>>;
}

export interface PlayPanelProps {
  task: Task;
  steps: readonly Step[];
  /** The world's state at the live tip (its session's inspect()); null while it is computed. */
  view: JsonObject | null;
  busy: boolean;
  /** Sends one call: a button's handler. A call that fails is said in the episode's banner, not here. */
  onCall(call: ToolCall): void;
  /** The same, settled when the call has been applied: a panel that sends several calls in a row awaits each. Never rejects. */
  send(call: ToolCall): Promise<unknown>;
}

/**
 * The verifier's view of the world after the selected step. Never shown to a
 * person playing without hints: they get `PlayerView.Seen` instead.
 */
export interface InspectorProps {
  /** The world's state after the selected step (its session's inspect(), or snapshot()). */
  state: JsonObject;
  /** The steps taken up to the selected one. */
  steps: readonly Step[];
  /** A person is playing: the world's play panel draws the live state already (web-portal's page), so do not draw it twice. */
  playing: boolean;
}

/** What a person playing without hints has been shown: their own calls, never the world's state. */
export interface SeenProps {
  task: Task;
  /** The steps taken up to the selected one. */
  steps: readonly Step[];
}

/**
 * The state panel while a person plays without hints. A human run is a
 * baseline only if the player learns what an agent would: what their own
 * calls returned. The full state (and anything else only the verifier knows)
 * appears when the episode ends, or after "Reveal", which marks the run.
 */
export interface PlayerView {
  /** What the hidden state holds, as the note names it: "the whole database, every table and row". */
  hidden: string;
  /** What the player's calls returned, gathered from the steps; none: the note alone (the steps show the results). */
  Seen?: ComponentType<SeenProps>;
}

/**
 * A number the timeline draws per step under its lanes, read from the
 * world's state after each step (fault-api: requests used, against the
 * hidden quota). Verifier knowledge: hidden while a person plays blind.
 */
export interface TimelineSeries {
  label: string;
  value(state: JsonObject): number;
  /** A level drawn across the chart, when the state has one. */
  limit(state: JsonObject): { label: string; value: number } | null;
}

/** A whole-number field of a task's spec a person may set (fault-api's `page_size`, any world's `max_turns`). */
export interface TaskParam {
  key: string;
  label: string;
  min: number;
  max: number;
  /** Its value for this task, the world's default included. */
  read(task: Task): number;
}

/** How a world's tasks are offered: in pickers, batch forms and their tables. */
export interface TaskVocabulary {
  /** What one choice is called ("task", "profile") and several. */
  noun: string;
  plural: string;
  /** Tasks that differ only by seed share a key: the seed is its own field. */
  key(task: Task): string;
  label(task: Task): string;
  /** The spec shown after the person picks `chosen` while `current` is shown. */
  pick(current: JsonObject, chosen: Task): JsonObject;
  /** Batch tables: one row per choice with seeds pooled (true), or per choice and seed. */
  poolSeeds: boolean;
  /** The spec's numbers a person may change beside the choice and its seed; none when absent. */
  params?: readonly TaskParam[];
}

/** A world's calibration section: what the reference agents score, computed in the page. */
export interface Calibration {
  title: string;
  Panel: ComponentType;
}

/** Everything the UI knows about one world, as tldraw's ShapeUtil is for a shape. */
export interface WorldUi {
  PlayPanel: ComponentType<PlayPanelProps>;
  Inspector: ComponentType<InspectorProps>;
  player: PlayerView;
  tasks: TaskVocabulary;
  series?: TimelineSeries;
  /**
   * The play panel draws what each call returns (web-portal: the page, whose accessibility tree is the result's
   * text): the last result stays folded while a person plays, or every click would push the page out of view.
   */
  playDrawsResult?: boolean;
  /** A class for a value in a tool result's table (fault-api: an amount sent as a string is `mistyped`). */
  markResultCell?(column: string, value: Json | undefined): string | undefined;
  calibration: Calibration;
}

/** A world with its UI, as the views use them. */
export interface LoadedWorld {
  entry: WorldEntry;
  world: World;
  ui: WorldUi;
}
