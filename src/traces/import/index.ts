export { createImporter, type ImporterOptions } from './importer';
export { DEFAULT_LIMITS, describeSize } from './limits';
export { parseVfMetadata } from './metadata';
export { vfRolloutToTrace } from './vfToCalls';
export type * from './types';
