import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits';
import { PILOT } from '../../traces/study/testing/hostileStudy';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { givenStudyOf, STUDY_PARAM, studyFromFile, studyFromText, studyParamOf } from './givenStudy';

const world = async (id: string) => (id === faultApiWorld.id ? faultApiWorld : null);

describe('the study a report is held to, in the page', () => {
  it('is kept in the address as its link query, and read back as the same study', () => {
    const q = new URLSearchParams({ [STUDY_PARAM]: studyParamOf(PILOT), include: 'x' });
    expect(givenStudyOf(new URLSearchParams(q.toString()))).toEqual({ kind: 'study', study: PILOT });
    expect(givenStudyOf(new URLSearchParams())).toEqual({ kind: 'none' });
    expect(givenStudyOf(new URLSearchParams({ [STUDY_PARAM]: 'v=1&id=nope' }))).toMatchObject({
      kind: 'problem',
      problem: expect.stringContaining('is not a study id'),
    });
  });

  it('a definition without an id has its tasks spelled by their worlds, loaded for it', async () => {
    const draft = {
      title: 'Pagination pilot',
      timeLimitS: 600,
      tasks: PILOT.tasks.map((t) => ({ world: t.world, spec: { profile: t.spec.profile, seed: t.spec.seed } })),
    };
    expect(await studyFromText(JSON.stringify(draft), world)).toMatchObject({ ok: true, value: { id: PILOT.id } });
  });

  it('a file too large to hold a study within the limit is refused by its size, unread', async () => {
    let read = false;
    const file = { name: 'huge.json', size: 4 * LIMITS.studyLinkChars.value + 1, text: async () => ((read = true), '') };
    expect(await studyFromFile(file, world)).toEqual({
      ok: false,
      error: "huge.json: 4,194,305 bytes, over the studyLinkChars limit of 1 MiB (one study link, or a study's definition or tasks file)",
    });
    expect(read).toBe(false);
  });
});
