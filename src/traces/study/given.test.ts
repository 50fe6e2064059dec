import { describe, expect, it } from 'vitest';
import { err, ok } from '../../core/result';
import { faultApiWorld } from '../../worlds/fault-api/index';
import type { TaskMaker } from './definition';
import { readGivenStudy } from './given';
import { studyHref } from './link';
import { PILOT } from './testing/hostileStudy';

const maker: TaskMaker = (world, spec) => {
  if (world !== faultApiWorld.id) return null;
  const t = faultApiWorld.makeTask(spec);
  return t.ok ? ok(t.value.spec) : err(t.error);
};

describe('the study a report is held to, as the researcher gives it', () => {
  const href = studyHref(PILOT);

  it('its link: the whole address, the hash part, or the query alone', () => {
    for (const text of [`https://example.org/vp/${href}`, href, href.slice('#/study?'.length), `  ${href}\n`])
      expect(readGivenStudy(text, null)).toEqual({ ok: true, value: PILOT });
  });

  it('its definition: what `vp study make --json` prints, or the study object with its id', () => {
    expect(readGivenStudy(JSON.stringify({ study: PILOT, href, url: null }), null)).toEqual({ ok: true, value: PILOT });
    expect(readGivenStudy(JSON.stringify(PILOT), null)).toEqual({ ok: true, value: PILOT });
  });

  it('a definition changed after it was made no longer names its study', () => {
    expect(readGivenStudy(JSON.stringify({ ...PILOT, timeLimitS: 1200 }), null)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^the study was changed after it was made: its content hashes to [0-9a-f]{16}, not to its id /),
    });
  });

  it('a definition without an id is made as `vp study make` makes it: the same tasks spelled as the world spells them are the same study', () => {
    const draft = {
      title: 'Pagination pilot',
      timeLimitS: 600,
      tasks: [
        { world: 'fault-api', task: { profile: 'clean', seed: 1 } },
        { world: 'fault-api', spec: { profile: 'hostile', seed: 1 } },
      ],
    };
    expect(readGivenStudy(JSON.stringify(draft), maker)).toMatchObject({ ok: true, value: { id: PILOT.id } });
  });

  it('anything else says what a study is', () => {
    expect(readGivenStudy('hello', null)).toMatchObject({ ok: false, error: expect.stringContaining('this is not a study link') });
    expect(readGivenStudy('{"title": 3}', null)).toEqual({ ok: false, error: 'the study has no "tasks" list' });
    expect(readGivenStudy('{oops', null)).toMatchObject({ ok: false, error: expect.stringContaining("the study's file is neither a study link nor JSON") });
    const tooMany = { title: 't', tasks: Array.from({ length: 101 }, () => 'not read') };
    expect(readGivenStudy(JSON.stringify(tooMany), null)).toEqual({
      ok: false,
      error: 'the study: 101 tasks, over the studyTasks limit of 100 (tasks in one study)',
    });
  });
});
