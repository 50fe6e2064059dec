import { createStore, type StoreApi } from 'zustand/vanilla';
import { homeTables } from '../../worlds/registry';
import { BUILT_ROWS_ID, builtHomeRowsFrom, checkHomeRows, failedHomeRows, initialHomeState, type BuiltHomeRows, type HomeState } from './check';
import { homeRows, type HomeRows } from './liveRows';

/**
 * The home tables' state: the build's rows at once, then each world checked
 * against this browser's own rows as they arrive. A vanilla store, so the
 * entry can follow it before React has loaded (bootShell.ts) and the view
 * reads the same state on its first render.
 */
export function createHomeStore(built: BuiltHomeRows | null, live: HomeRows, worlds: readonly string[]): StoreApi<HomeState> {
  const store = createStore<HomeState>(() => initialHomeState(built, worlds));
  for (const w of worlds)
    live[w]?.then(
      (rows) => store.setState({ [w]: checkHomeRows(built?.[w] ?? null, rows) }),
      (e: unknown) => store.setState({ [w]: failedHomeRows(built?.[w] ?? null, e instanceof Error ? e.message : String(e)) }),
    );
  return store;
}

let started: StoreApi<HomeState> | null = null;
const homeWorlds = () => homeTables().map((t) => t.id);
let built: BuiltHomeRows | null | undefined;
/** The data block's text once it is out of the page, until it is parsed. */
let builtText: string | null | undefined;

/**
 * Takes the build's data block out of the page, whatever the route: the rows
 * record reference runs, answers included, and on any other route (a person
 * playing a task blind) the page must not show them. Its text is kept, and
 * read only when the home page needs the rows (takeBuiltHomeRows): on a
 * library link, parsing it was work on the way to the first row.
 */
export function removeBuiltHomeRows(): void {
  if (builtText !== undefined || built !== undefined) return;
  const block = document.getElementById(BUILT_ROWS_ID);
  builtText = block?.textContent ?? null;
  block?.remove();
}

/** The build's rows, read once (the block is taken out of the page first if it is still there). */
export function takeBuiltHomeRows(): BuiltHomeRows | null {
  if (built === undefined) {
    removeBuiltHomeRows();
    built = builtHomeRowsFrom(builtText ?? null, homeWorlds());
    builtText = null;
  }
  return built;
}

/**
 * The page's home store, started once: by the entry on the home route before
 * React loads, else by the home view. The rows are deterministic, so coming
 * back to the home page shows them, checked, at once.
 */
export function homeStore(): StoreApi<HomeState> {
  started ??= createHomeStore(takeBuiltHomeRows(), homeRows(), homeWorlds());
  return started;
}
