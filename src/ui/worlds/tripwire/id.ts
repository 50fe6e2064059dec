/** The world's id, in a module of its own: the home worker names its part with it without importing the entry (whose loaders would split the worker's script into chunks it fetches one round trip later). */
export const TRIPWIRE_ID = 'tripwire';
