import type { StoreApi } from 'zustand/vanilla';
import { checkNoteClass, VERIFIED_NOTE, type HomeState } from './check';

/**
 * Marks the prerendered tables in index.html verified as soon as this browser
 * agrees with the build, before the app has loaded: the app's first render
 * reads the same store and shows the same note. Only "verified" is written
 * here; a difference changes the rows themselves and a failure needs its
 * message laid out, so those wait for the app. Stops once the app has
 * replaced the shell.
 */
export function markBootShell(store: StoreApi<HomeState>, doc: Pick<Document, 'querySelector'> = document): void {
  const apply = (state: HomeState) => {
    const shell = doc.querySelector('[data-testid="boot-shell"]');
    if (!shell) {
      unsubscribe();
      return;
    }
    for (const [w, table] of Object.entries(state)) {
      const note = shell.querySelector(`[data-testid="check-${w}"]`);
      if (!note || table.check.status !== 'verified' || note.textContent === VERIFIED_NOTE) continue;
      note.textContent = VERIFIED_NOTE;
      note.className = checkNoteClass('verified');
    }
  };
  const unsubscribe = store.subscribe(apply);
  apply(store.getState());
}
