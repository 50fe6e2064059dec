import { canonicalJson, tryParseJson, type JsonObject, isJsonObject } from '../../core/json';
import { hrefFor } from './route';
import { readStepParam, type StepParam } from './stepParam';

/** What the episode view shows; the URL owns all of it, so a link reproduces the view. */
export interface EpisodeRoute {
  world: string;
  task: JsonObject | null;
  agent: string;
  /** Calls applied: 0 is the start, n the end. null = the end; or a named place (the first disagreement). */
  step: StepParam;
  /** A saved run (human play) in the local library. */
  run: string | null;
}

export function readEpisodeRoute(path: string[], query: URLSearchParams): EpisodeRoute {
  const rawTask = query.get('task');
  const parsed = rawTask ? tryParseJson(rawTask) : null;
  return {
    world: path[1] ?? '',
    task: parsed?.ok && isJsonObject(parsed.value) ? parsed.value : null,
    agent: query.get('agent') ?? 'human',
    step: readStepParam(query.get('step')),
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
