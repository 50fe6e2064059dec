import { canonicalJson, tryParseJson, type JsonObject, isJsonObject } from '../../core/json';
import { hrefFor } from './route';

/** What the episode view shows; the URL owns all of it, so a link reproduces the view. */
export interface EpisodeRoute {
  world: string;
  task: JsonObject | null;
  agent: string;
  /** Calls applied: 0 is the start, n the end. null = the end. */
  step: number | null;
  /** A saved run (human play) in the local library. */
  run: string | null;
}

export function readEpisodeRoute(path: string[], query: URLSearchParams): EpisodeRoute {
  const rawTask = query.get('task');
  const parsed = rawTask ? tryParseJson(rawTask) : null;
  const stepText = query.get('step');
  const step = stepText !== null && /^\d+$/.test(stepText) ? Number(stepText) : null;
  return {
    world: path[1] ?? '',
    task: parsed?.ok && isJsonObject(parsed.value) ? parsed.value : null,
    agent: query.get('agent') ?? 'human',
    step,
    run: query.get('run'),
  };
}

export function episodeHref(r: Partial<EpisodeRoute> & { world: string }): string {
  return hrefFor(['episode', r.world], {
    task: r.task ? canonicalJson(r.task) : undefined,
    agent: r.agent,
    run: r.run ?? undefined,
    step: r.step ?? undefined,
  });
}
