/**
 * The world a bare link opens (the header's "Play", a model run without a
 * world): the registry's first entry (names.test.ts holds them equal). Its own
 * module, so the header does not load every world's code to spell one link.
 */
export const DEFAULT_WORLD = 'fault-api';
