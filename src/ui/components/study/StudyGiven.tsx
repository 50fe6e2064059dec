import { useState } from 'react';
import type { Study } from '../../../traces/study/definition';
import { describeLimit } from '../../../traces/study/definition';
import { linkSizeProblem } from '../../../traces/study/link';
import { studyFromFile, studyFromText, type GivenStudy } from '../../study/givenStudy';
import { loadWorld } from '../../worlds/registry';

const world = (id: string) => loadWorld(id, 'play').catch(() => null);

/** "2 tasks, fixed order, 10 min per task": the rules the runs are held to. */
export function studyRules(study: Study): string {
  const n = study.tasks.length;
  const limit = study.timeLimitS === null ? 'no time limit' : `${describeLimit(study.timeLimitS)} per task`;
  return `${n} task${n === 1 ? '' : 's'}, ${study.order} order, ${limit}, hints never`;
}

/**
 * Which study the report is held to: the one the reader gave (its rules, and
 * a way to give another), or none yet, said plainly, with the two ways to
 * give it — its link, or its definition file.
 */
export function StudyGiven({ given, onGive }: { given: GivenStudy; onGive(study: Study | null): void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const take = async (read: Promise<{ ok: true; value: Study } | { ok: false; error: string }>) => {
    setBusy(true);
    const r = await read;
    setBusy(false);
    if (!r.ok) return setProblem(r.error);
    setProblem(null);
    setEditing(false);
    setText('');
    onGive(r.value);
  };
  if (given.kind === 'study' && !editing)
    return (
      <div className="study-given held" data-testid="study-given">
        <p>
          <strong>Held to the study “{given.study.title}”</strong>{' '}
          <span className="muted small">
            (study {given.study.id}: {studyRules(given.study)})
          </span>
          . Every run below was checked against it — its study id and title, its task and its place in the order, the time limit, hints — and each results file
          against the others (one participant per file).{' '}
          <button type="button" className="link-button" onClick={() => setEditing(true)} data-testid="study-change">
            give another study
          </button>{' '}
          ·{' '}
          <button type="button" className="link-button" onClick={() => onGive(null)} data-testid="study-clear">
            check against no study
          </button>
        </p>
      </div>
    );
  return (
    <div className="study-given warn-box" data-testid="study-given">
      {given.kind === 'problem' ? (
        <p className="error" role="alert" data-testid="study-given-problem">
          The study in this report’s address cannot be read: {given.problem}
        </p>
      ) : given.kind === 'none' ? (
        <p data-testid="study-unchecked">
          <strong>Not checked against a study.</strong> The titles, tasks, time limits and order below are what the participants’ files say about themselves.
          Give the study to hold every run to it: a run of another study, of a task or a time limit the study does not have, is then left out with why.
        </p>
      ) : null}
      <form
        className="study-given-form"
        onSubmit={(e) => {
          e.preventDefault();
          void take(studyFromText(text, world));
        }}
      >
        <label className="field grow">
          <span>The study’s link</span>
          <input
            value={text}
            onChange={(e) => {
              // A paste past the limit is refused as it arrives: a megabyte of text left in the field is laid out on every render.
              const tooLong = linkSizeProblem(e.target.value, 'the pasted link');
              setProblem(tooLong);
              setText(tooLong ? '' : e.target.value);
            }}
            placeholder="https://…/#/study?v=1&id=…"
            spellCheck={false}
            data-testid="study-given-link"
          />
        </label>
        <button type="submit" disabled={busy || text.trim() === ''} data-testid="study-given-check">
          Check against this study
        </button>
        <label className="field">
          <span>or its definition file</span>
          <input
            type="file"
            accept=".json,.txt,application/json,text/plain"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void take(studyFromFile(file, world));
            }}
            data-testid="study-given-file"
          />
        </label>
        {given.kind === 'study' ? (
          <button type="button" className="link-button" onClick={() => setEditing(false)}>
            keep “{given.study.title}”
          </button>
        ) : null}
      </form>
      {problem ? (
        <p className="error" role="alert" data-testid="study-given-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
