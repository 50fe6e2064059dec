import type { JsonObject } from '../../../core/json';

/**
 * fault-api's budget as its session reports it (snapshot): requests spent,
 * failures included, and the hidden quota (null: the profile has none).
 */
export interface QuotaReading {
  requests: number;
  quota: number | null;
  rateLimited: number;
}

export function readQuota(state: JsonObject): QuotaReading {
  return {
    requests: typeof state.requests === 'number' ? state.requests : 0,
    quota: typeof state.quota === 'number' ? state.quota : null,
    rateLimited: typeof state.rate_limited === 'number' ? state.rate_limited : 0,
  };
}
