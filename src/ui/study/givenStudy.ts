import { isJsonObject, tryParseJson } from '../../core/json';
import { LIMITS, overLimit } from '../../core/limits';
import { err, ok, type Result } from '../../core/result';
import type { World } from '../../core/world';
import type { Study } from '../../traces/study/definition';
import { readGivenStudy } from '../../traces/study/given';
import { readStudyLink, studyHref } from '../../traces/study/link';

/**
 * The study the report is held to, kept in the report's address as the
 * study's own link query (`study=v%3D1%26id%3D…`): a definition file read in
 * the page becomes its link, so a reload or a shared report holds the runs to
 * the same study.
 */

export const STUDY_PARAM = 'study';

export type GivenStudy = { kind: 'none' } | { kind: 'study'; study: Study } | { kind: 'problem'; text: string; problem: string };

/** The study the report's address gives, or why it cannot be read (its length checked before anything is decoded). */
export function givenStudyOf(query: URLSearchParams): GivenStudy {
  const text = query.get(STUDY_PARAM);
  if (text === null || text === '') return { kind: 'none' };
  const study = readStudyLink(text);
  return study.ok ? { kind: 'study', study: study.value } : { kind: 'problem', text, problem: study.error };
}

/** What goes in the report's address for a study. */
export const studyParamOf = (study: Study): string => studyHref(study).slice('#/study?'.length);

/** The worlds a definition's tasks name, for one without an id (its tasks are spelled as their worlds spell them first). */
function worldsNamed(text: string): string[] {
  const parsed = tryParseJson(text.trim());
  if (!parsed.ok || !isJsonObject(parsed.value)) return [];
  const def = isJsonObject(parsed.value.study) ? parsed.value.study : parsed.value;
  if (!Array.isArray(def.tasks) || def.tasks.length > LIMITS.studyTasks.value) return [];
  return [...new Set(def.tasks.flatMap((t) => (isJsonObject(t) && typeof t.world === 'string' ? [t.world] : [])))];
}

/**
 * A study from what the reader pasted or the file they chose: its size
 * checked before it is read (a file of more than 4 bytes a character cannot
 * be within the limit), then read as `vp study summarize --study` reads it.
 */
export async function studyFromText(text: string, world: (id: string) => Promise<World | null>): Promise<Result<Study>> {
  const worlds = new Map<string, World>();
  if (text.length <= LIMITS.studyLinkChars.value)
    for (const id of worldsNamed(text)) {
      const w = await world(id);
      if (w) worlds.set(id, w);
    }
  return readGivenStudy(text, (id, spec) => {
    const w = worlds.get(id);
    if (!w) return null;
    const t = w.makeTask(spec);
    return t.ok ? ok(t.value.spec) : err(t.error);
  });
}

export async function studyFromFile(file: Pick<File, 'name' | 'size' | 'text'>, world: (id: string) => Promise<World | null>): Promise<Result<Study>> {
  if (file.size > 4 * LIMITS.studyLinkChars.value) return err(overLimit('studyLinkChars', file.name, `${file.size.toLocaleString('en-US')} bytes`));
  return studyFromText(await file.text(), world);
}
