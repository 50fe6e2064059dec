import { useRef, useState } from 'react';

/** The search, typed here and written to the URL; a change of the URL from elsewhere (Back, a drill-down) shows in it. */
export function SearchBox({ value, onChange }: { value: string; onChange(text: string): void }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const written = useRef(value);
  if (value !== seen) {
    setSeen(value);
    // Our own keystrokes come back through the URL a moment later: only a change made elsewhere replaces what is typed.
    if (value !== written.current) setText(value);
  }
  return (
    <input
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        written.current = e.target.value;
        onChange(e.target.value);
      }}
      placeholder="Search tool calls, answers, tasks, models…"
      aria-label="search"
      className="grow"
      data-testid="library-search"
    />
  );
}
