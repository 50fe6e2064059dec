import { useState } from 'react';
import { Clamp } from '../Clamp';

/** A name shown as text, edited in place (Enter or leaving the field saves, Escape cancels). */
export function EditableName({
  value,
  label,
  onSave,
  placeholder,
  testId,
}: {
  value: string;
  label: string;
  onSave(v: string): void;
  placeholder?: string;
  testId: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null)
    return (
      // The name is the button's text (what a person sees is what a screen reader says), with what it edits after it.
      <button type="button" className="link" onClick={() => setDraft(value)} title={`edit ${label}`} data-testid={testId}>
        {value ? <Clamp text={value} max={40} /> : <span className="muted">{placeholder}</span>} ✎<span className="sr-only"> (edit {label})</span>
      </button>
    );
  const save = () => {
    if (draft !== value) onSave(draft.trim());
    setDraft(null);
  };
  return (
    <input
      autoFocus
      value={draft}
      aria-label={label}
      placeholder={placeholder}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
        if (e.key === 'Escape') setDraft(null);
      }}
      data-testid={`${testId}-input`}
    />
  );
}
