import { useEffect } from 'react';

/**
 * Where the focus should land after a change that removes the element holding
 * it: a picker whose view reloads (a world picked), a button that goes away
 * (Start, the last call). Without this the focus falls to <body> and a
 * keyboard user starts again from the top of the page.
 */
let intent: { key: string; detail: string } | null = null;

export function intendFocus(key: string, detail = ''): void {
  intent = { key, detail };
}

/** The focus is nowhere a person put it: on the page itself, or on an element that is gone. */
export function focusLost(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected;
}

/** Focus `el` when the focus was lost (a person who moved it elsewhere keeps it there). */
export function focusIfLost(el: HTMLElement | null | undefined): void {
  if (el && focusLost()) el.focus();
}

/** After each render: when the focus was meant for `key` and `find` gives the element, it lands there if lost. */
export function useFocusLanding(key: string, find: (detail: string) => HTMLElement | null | undefined): void {
  useEffect(() => {
    if (intent?.key !== key) return;
    const el = find(intent.detail);
    if (!el) return;
    intent = null;
    focusIfLost(el);
  });
}

/** The first thing in `root` a keyboard can use. */
export const firstFocusable = (root: HTMLElement | null): HTMLElement | null =>
  root?.querySelector<HTMLElement>(
    'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href]',
  ) ?? null;
