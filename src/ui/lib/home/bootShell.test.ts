import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { markBootShell } from './bootShell';
import { checkNoteClass, initialHomeState, VERIFIED_NOTE, type HomeState } from './check';

/** The prerendered shell as far as the marker reads it: one note per world, and whether the app has replaced it yet. */
function fakeShell() {
  const notes = Object.fromEntries(
    ['tripwire', 'fault-api', 'ticket-queue'].map((w) => [
      w,
      { textContent: 'Computed at build time in Node; verifying in this browser…', className: checkNoteClass('pending') },
    ]),
  );
  const shell = { querySelector: (sel: string) => notes[/check-([\w-]+)/.exec(sel)?.[1] ?? ''] ?? null };
  let present = true;
  const doc = { querySelector: (sel: string) => (sel === '[data-testid="boot-shell"]' && present ? shell : null) } as unknown as Pick<
    Document,
    'querySelector'
  >;
  return { doc, notes, replace: () => (present = false) };
}

describe('markBootShell', () => {
  it('marks a prerendered table verified as soon as the store says so, and leaves the others', () => {
    const store = createStore<HomeState>(() => initialHomeState(null, ['tripwire', 'fault-api', 'ticket-queue']));
    const shell = fakeShell();
    markBootShell(store, shell.doc);
    store.setState({ 'fault-api': { rows: [], check: { status: 'verified' } }, tripwire: { rows: [], check: { status: 'differs', differences: ['x'] } } });
    expect(shell.notes['fault-api']).toEqual({ textContent: VERIFIED_NOTE, className: checkNoteClass('verified') });
    expect(shell.notes.tripwire!.className).toBe(checkNoteClass('pending'));
    expect(shell.notes['ticket-queue']!.textContent).toMatch(/verifying/);
  });

  it('marks what is already verified when it starts, and stops once the app has replaced the shell', () => {
    const store = createStore<HomeState>(() => ({
      ...initialHomeState(null, ['tripwire', 'fault-api', 'ticket-queue']),
      tripwire: { rows: [], check: { status: 'verified' } },
    }));
    const shell = fakeShell();
    markBootShell(store, shell.doc);
    expect(shell.notes.tripwire!.textContent).toBe(VERIFIED_NOTE);
    shell.replace();
    store.setState({ 'ticket-queue': { rows: [], check: { status: 'verified' } } });
    expect(shell.notes['ticket-queue']!.textContent).toMatch(/verifying/);
  });
});
