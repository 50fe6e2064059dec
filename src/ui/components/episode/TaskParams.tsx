import { useState } from 'react';
import type { JsonObject } from '../../../core/json';
import type { Task } from '../../../core/types';
import type { TaskParam } from '../../worlds/types';

/** One number of the spec, applied when the person leaves the field or presses Enter (not on every keystroke). */
function ParamField({ param, task, onPick }: { param: TaskParam; task: Task; onPick(spec: JsonObject): void }) {
  const value = param.read(task);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);
  const n = Number(text);
  const valid = Number.isInteger(n) && n >= param.min && n <= param.max;
  const commit = () => {
    setDraft(null);
    if (valid && n !== value) onPick({ ...task.spec, [param.key]: n });
  };
  return (
    <label className="field param">
      <span>{param.label}</span>
      <input
        type="number"
        min={param.min}
        max={param.max}
        value={text}
        aria-invalid={!valid}
        title={`a whole number from ${param.min} to ${param.max}`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          else if (e.key === 'Escape') setDraft(null);
        }}
        data-testid={`param-${param.key}`}
      />
    </label>
  );
}

/** The task's numbers the world lets a person set (TaskVocabulary.params): records, page size, turn budget… */
export function TaskParams({ params, task, onPick }: { params: readonly TaskParam[]; task: Task; onPick(spec: JsonObject): void }) {
  return (
    <>
      {params.map((p) => (
        <ParamField key={p.key} param={p} task={task} onPick={onPick} />
      ))}
    </>
  );
}
