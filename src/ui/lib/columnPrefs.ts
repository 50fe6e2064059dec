/** Which of the library's columns show and how wide: the person's layout, kept for this browser (not the URL: it says nothing about what is listed). */
export interface ColumnPrefs {
  visible: Record<string, boolean>;
  sizes: Record<string, number>;
}

const KEY = 'vp.library.columns';

function read(): ColumnPrefs {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (typeof v !== 'object' || v === null) return { visible: {}, sizes: {} };
    const pick = (x: unknown, type: 'boolean' | 'number') =>
      typeof x === 'object' && x !== null ? Object.fromEntries(Object.entries(x).filter(([, y]) => typeof y === type)) : {};
    return { visible: pick('visible' in v ? v.visible : null, 'boolean'), sizes: pick('sizes' in v ? v.sizes : null, 'number') };
  } catch {
    return { visible: {}, sizes: {} };
  }
}

let warmed: ColumnPrefs | null = null;

/**
 * Reads the layout ahead, while the page is idle (the library's view calls it before any row is listed): a
 * page's first read of localStorage waits for the browser to load the origin's storage, and in the table's
 * first render that wait was a fifth of the task that draws the first rows.
 */
export function warmColumnPrefs(): void {
  warmed ??= read();
}

/** The layout for a table being drawn: the one read ahead, once, else read now (another tab may have changed it since). */
export function takeColumnPrefs(): ColumnPrefs {
  const prefs = warmed ?? read();
  warmed = null;
  return prefs;
}

export function writeColumnPrefs(p: ColumnPrefs): void {
  warmed = null;
  try {
    localStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // A layout not kept is no loss.
  }
}
