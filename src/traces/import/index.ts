export { createImporter, type ImporterOptions } from './importer';
export { parseVfMetadata } from './metadata';
export { vfRolloutToTrace } from './vfToCalls';
export type * from './types';
