import { useState } from 'react';
import type { PlayPanelProps } from '../types';

/** A SQL editor (Ctrl/Cmd+Enter runs it) and an answer box. */
export function SqlPlay({ onCall, busy }: PlayPanelProps) {
  const [query, setQuery] = useState("SELECT name FROM sqlite_schema WHERE type = 'table';");
  const [answer, setAnswer] = useState('');
  const run = () => {
    if (query.trim()) onCall({ name: 'run_sql', arguments: { query } });
  };
  return (
    <div className="play-panel" data-testid="play-tripwire">
      <label className="field">
        <span>SQL (Ctrl/Cmd+Enter runs it)</span>
        <textarea
          className="code"
          rows={6}
          value={query}
          spellCheck={false}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              run();
            }
          }}
          data-testid="sql-editor"
        />
      </label>
      <button type="button" onClick={run} disabled={busy}>
        Run SQL
      </button>
      <label className="field">
        <span>answer</span>
        <textarea rows={2} value={answer} onChange={(e) => setAnswer(e.target.value)} data-testid="answer-input" />
      </label>
      <button
        type="button"
        className="primary"
        disabled={busy || answer.trim() === ''}
        onClick={() => onCall({ name: 'submit_answer', arguments: { answer } })}
      >
        Submit answer (ends the episode)
      </button>
    </div>
  );
}
