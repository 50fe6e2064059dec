import type { Json } from '../../../core/json';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { VfMessage, VfRollout } from '../../../traces/import/types';
import { describeLength, jsonPreview, messagePages, SHOWN_ARGUMENT_CHARS, SHOWN_CHARS } from '../../lib/longText';
import { rolloutStatus, rolloutTitle } from '../../lib/rowKind';
import { Clamp } from '../Clamp';
import { LongText } from './LongText';

/** Metrics listed one by one on the stats line; the rest are counted. */
const MAX_METRICS = 40;
/** Tool calls of one message drawn; the rest are counted (a row may carry 10,000). */
const MAX_CALLS_SHOWN = 20;

/** About what one message puts on screen, in characters: what pages are cut by. */
function shownChars(m: VfMessage): number {
  const calls = Math.min(MAX_CALLS_SHOWN, m.toolCalls?.length ?? 0);
  return 80 + Math.min(m.content.length, SHOWN_CHARS) + calls * (SHOWN_ARGUMENT_CHARS + 80);
}

/**
 * A rollout (vf-eval, an Inspect sample, a v1 trace) as messages: roles, tool calls with
 * arguments, the reward and metric columns. The list is virtualized (only the
 * messages on screen are in the page) and every text is clamped: a row of
 * 100,000 messages or one 64 MB message opens as fast as a small one.
 */
export function MessageView({ rollout }: { rollout: VfRollout }) {
  const messages = useMemo(() => [...rollout.prompt, ...rollout.completion], [rollout]);
  const metrics = Object.entries(rollout.metrics);
  const extra = useMemo(() => (Object.keys(rollout.extra).length ? jsonPreview(rollout.extra, SHOWN_CHARS) : null), [rollout]);
  return (
    <div className="messages" data-testid="message-view">
      <div className="stats">
        <span>
          reward <strong>{rollout.reward?.toFixed(3) ?? '—'}</strong>
        </span>
        {metrics.slice(0, MAX_METRICS).map(([k, v]) => (
          <span key={k}>
            <Clamp text={k} max={60} /> <strong>{v.toFixed(3)}</strong>
          </span>
        ))}
        {metrics.length > MAX_METRICS ? <span className="muted">and {metrics.length - MAX_METRICS} more metrics</span> : null}
        <span className="muted">
          <Clamp text={rolloutTitle(rollout)} max={120} /> · example <Clamp text={JSON.stringify(rollout.exampleId) ?? ''} max={80} /> · {rollout.era} ·{' '}
          {messages.length.toLocaleString('en-US')} messages
        </span>
      </div>
      {rollout.answer ? (
        <div className="answer">
          <span className="role">answer</span> <LongText text={rollout.answer} testId="answer" />
        </div>
      ) : null}
      {rollout.error ? (
        <div className="error">
          error: <LongText text={rollout.error.message} />
        </div>
      ) : rolloutStatus(rollout).status === 'unfinished' ? (
        <p className="warn">unfinished: the file records no end for it</p>
      ) : null}
      <MessageList messages={messages} />
      {extra ? (
        <details>
          <summary>other fields in this row</summary>
          <pre className="message-text">{extra.text}</pre>
        </details>
      ) : null}
    </div>
  );
}

/** The messages in a scrolling box of their own, in pages, drawn only where they are on screen. */
function MessageList({ messages }: { messages: readonly VfMessage[] }) {
  const box = useRef<HTMLDivElement>(null);
  const pages = useMemo(() => messagePages(messages.map(shownChars)), [messages]);
  const virtual = useVirtualizer({ count: pages.length, getScrollElement: () => box.current, estimateSize: () => 600, overscan: 1 });
  return (
    // As tall as its messages, up to 70% of the window: then it scrolls on its own.
    <div
      className="message-scroll"
      ref={box}
      tabIndex={0}
      role="region"
      aria-label={`${messages.length} messages`}
      data-testid="message-list"
      style={{ height: `min(70vh, ${virtual.getTotalSize() + 2}px)` }}
    >
      <div className="message-pages" style={{ height: virtual.getTotalSize() }}>
        {virtual.getVirtualItems().map((v) => {
          const from = pages[v.index]!;
          const to = pages[v.index + 1] ?? messages.length;
          return (
            <ol
              key={v.key}
              start={from + 1}
              className="message-list"
              data-index={v.index}
              ref={virtual.measureElement}
              style={{ transform: `translateY(${v.start}px)` }}
            >
              {messages.slice(from, to).map((m, k) => (
                <MessageItem key={from + k} m={m} />
              ))}
            </ol>
          );
        })}
      </div>
    </div>
  );
}

function MessageItem({ m }: { m: VfMessage }) {
  return (
    <li className={`message message-${m.role.length <= 20 ? m.role : 'other'}`} data-testid="message">
      <span className="role">
        <Clamp text={m.role} max={40} />
      </span>
      {m.content ? <LongText text={m.content} /> : null}
      {m.reasoning ? (
        <details>
          <summary>reasoning</summary>
          <LongText text={m.reasoning} />
        </details>
      ) : null}
      <ToolCalls message={m} />
    </li>
  );
}

function ToolCalls({ message }: { message: VfMessage }) {
  const calls = message.toolCalls ?? [];
  if (calls.length === 0) return null;
  return (
    <>
      {calls.slice(0, MAX_CALLS_SHOWN).map((c, j) => (
        <div key={j} className="tool-call">
          <code>
            <Clamp text={c.name} max={80} />
          </code>
          <Arguments value={c.arguments} />
          {c.argumentsError ? (
            <span className="bad small">
              <Clamp text={c.argumentsError} max={200} />
            </span>
          ) : null}
        </div>
      ))}
      {calls.length > MAX_CALLS_SHOWN ? (
        <p className="muted small">and {(calls.length - MAX_CALLS_SHOWN).toLocaleString('en-US')} more tool calls in this message</p>
      ) : null}
    </>
  );
}

/** A call's arguments: their start, and the whole on demand (JSON is written only when asked for). */
function Arguments({ value }: { value: Json }) {
  const [all, setAll] = useState(false);
  const preview = useMemo(() => (typeof value === 'string' ? null : jsonPreview(value, SHOWN_ARGUMENT_CHARS)), [value]);
  if (typeof value === 'string')
    return value.length <= SHOWN_ARGUMENT_CHARS || all ? (
      <LongText text={value} className="message-args" />
    ) : (
      <Preview text={value.slice(0, SHOWN_ARGUMENT_CHARS)} length={value.length} onAll={() => setAll(true)} />
    );
  if (preview!.complete) return <pre className="message-args">{preview!.text}</pre>;
  if (all) return <LongText text={JSON.stringify(value, null, 2)} className="message-args" />;
  return <Preview text={preview!.text} length={null} onAll={() => setAll(true)} />;
}

function Preview({ text, length, onAll }: { text: string; length: number | null; onAll(): void }) {
  return (
    <div>
      <pre className="message-args">{text}</pre>
      <button type="button" className="link" onClick={onAll} data-testid="show-all-arguments">
        {length === null ? 'show all arguments' : `show all (${describeLength(length)})`}
      </button>
    </div>
  );
}
