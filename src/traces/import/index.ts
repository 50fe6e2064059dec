export { createImporter, type Importer, type ImporterOptions } from './importer';
export { importChunks, importText } from './importText';
export { DEFAULT_LIMITS, describeSize, type ImportLimits } from './limits';
export { parseVfMetadata, readVfMetadata } from './metadata';
export { vfRolloutToTrace, type VfReplayPlan } from './vfToCalls';
export type * from './types';
