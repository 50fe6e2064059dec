/** Where the reader's first input is heard (the page's window; a fake in tests). */
export interface InputTarget {
  addEventListener(type: string, cb: () => void, options: AddEventListenerOptions): void;
  removeEventListener(type: string, cb: () => void, options: AddEventListenerOptions): void;
}

export interface AppGateOptions {
  /** The home tables' checks: the app waits for every one to settle. */
  checks: readonly Promise<unknown>[];
  input: InputTarget;
  /** The longest the app waits for them. */
  waitMs: number;
  setTimeout: (cb: () => void, ms: number) => unknown;
  clearTimeout: (timer: never) => void;
}

/** Why the app's code was asked for. */
export type AppWanted = 'checked' | 'input' | 'waited';

/** What the reader does that the painted page cannot answer without the app: point, type, or follow a link. */
export const INPUTS = ['pointerdown', 'keydown', 'hashchange'] as const;

/**
 * When the home page asks for the app's code. The painted page already shows
 * everything and its links are links; what the app adds first is React taking
 * it over, which on a two-core machine competed with the tables' checks for the
 * processor. So the app loads once every check has settled (passed or failed),
 * at the reader's first input, or after `waitMs`, whichever comes first.
 */
export function whenAppWanted({ checks, input, waitMs, setTimeout, clearTimeout }: AppGateOptions): Promise<AppWanted> {
  return new Promise<AppWanted>((resolve) => {
    let done = false;
    const options = { capture: true, passive: true };
    const finish = (why: AppWanted) => {
      if (done) return;
      done = true;
      clearTimeout(timer as never);
      for (const type of INPUTS) input.removeEventListener(type, onInput, options);
      resolve(why);
    };
    const onInput = () => finish('input');
    for (const type of INPUTS) input.addEventListener(type, onInput, options);
    const timer = setTimeout(() => finish('waited'), waitMs);
    void Promise.allSettled(checks).then(() => finish('checked'));
  });
}
