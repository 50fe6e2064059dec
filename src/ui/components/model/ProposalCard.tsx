import { useState } from 'react';
import { tryParseJson, type Json } from '../../../core/json';
import type { ToolSpec } from '../../../core/types';
import { validateArgs } from '../../../agents/schema';
import type { Proposal } from '../../../agents/modelAgent';

export interface ProposalCardProps {
  proposal: Proposal;
  tools: readonly ToolSpec[];
  onApprove(args?: Json): void;
  onReject(reason: string): void;
}

type Draft = { ok: true; value: Json; problems: string[] } | { ok: false; error: string };

function checkDraft(text: string, tools: readonly ToolSpec[], name: string): Draft {
  const parsed = tryParseJson(text);
  if (!parsed.ok) return { ok: false, error: `not valid JSON: ${parsed.error}` };
  const spec = tools.find((t) => t.function.name === name);
  return { ok: true, value: parsed.value, problems: spec ? validateArgs(spec.function.parameters, parsed.value) : [] };
}

/** The call the model wants to make, before it runs: approve it, edit its arguments, or reject it. */
export function ProposalCard({ proposal, tools, onApprove, onReject }: ProposalCardProps) {
  const original = JSON.stringify(proposal.call.arguments, null, 2);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(original);
  const [reason, setReason] = useState('');
  const draft = editing ? checkDraft(text, tools, proposal.call.name) : null;
  const changed = draft?.ok === true && JSON.stringify(draft.value) !== JSON.stringify(proposal.call.arguments);

  return (
    <section className="panel proposal" data-testid="proposal" aria-label="Proposed call">
      <div className="proposal-head">
        <span className="label">the model proposes</span>
        <code className="step-tool" data-testid="proposal-tool">
          {proposal.call.name}
        </code>
        {proposal.queued > 0 ? <span className="muted small">+{proposal.queued} more call(s) from the same answer, each shown in turn</span> : null}
      </div>
      {proposal.thought ? (
        <blockquote className="thought" data-testid="proposal-thought">
          {proposal.thought}
        </blockquote>
      ) : null}
      {editing ? (
        <>
          <textarea
            className="code args-editor"
            rows={Math.min(16, Math.max(3, text.split('\n').length))}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            aria-label="arguments"
            data-testid="args-editor"
          />
          {draft && !draft.ok ? (
            <p className="error small" data-testid="args-error">
              {draft.error}
            </p>
          ) : null}
          {draft?.ok && draft.problems.length > 0 ? (
            <p className="warn small" data-testid="args-warning">
              Does not match the tool’s schema ({draft.problems.join('; ')}). It will run anyway: the world answers it as it would any call.
            </p>
          ) : null}
        </>
      ) : (
        <pre data-testid="proposal-args">{original}</pre>
      )}
      <div className="proposal-actions">
        <button
          type="button"
          className="primary"
          disabled={draft !== null && !draft.ok}
          onClick={() => onApprove(changed && draft?.ok ? draft.value : undefined)}
          data-testid="approve"
        >
          {changed ? 'Run edited call' : 'Approve'}
        </button>
        {editing ? (
          <button
            type="button"
            onClick={() => {
              setEditing(false);
              setText(original);
            }}
          >
            Discard edits
          </button>
        ) : (
          <button type="button" onClick={() => setEditing(true)} data-testid="edit-args">
            Edit arguments
          </button>
        )}
        <span className="reject-group">
          <input
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="reason, shown to the model"
            aria-label="reject reason"
            data-testid="reject-reason"
          />
          <button type="button" className="danger" onClick={() => onReject(reason)} data-testid="reject">
            Reject
          </button>
        </span>
      </div>
    </section>
  );
}
