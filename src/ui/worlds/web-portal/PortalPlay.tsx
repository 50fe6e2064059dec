import { useEffect, useMemo, useRef, useState } from 'react';
import type { ToolCall } from '../../../core/types';
import type { PageNode } from '../../../worlds/web-portal/page';
import type { PlayPanelProps } from '../types';
import { flatten, pageOfView } from './pageOfView';
import { PortalPage, type PortalActions } from './PortalPage';

/**
 * The portal drawn as a page a person uses: every click, choice, typed text
 * and address-bar entry is the tool call an agent would make (typing is sent
 * when the person acts next, as one `type` per box), so a person's trace and
 * a model's read the same.
 */
export function PortalPlay({ view, busy, send }: PlayPanelProps) {
  const page = useMemo(() => pageOfView(view), [view]);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [address, setAddress] = useState(page?.path ?? '/');
  const [answer, setAnswer] = useState('');
  const path = page?.path;
  const frame = useRef<HTMLDivElement>(null);
  const dialog = page ? flatten(page.nodes).find((n) => n.role === 'dialog' && !n.hidden)?.key : undefined;
  // A dialog opens where the page ends: brought into view whole, as a browser shows a modal.
  useEffect(() => {
    if (dialog) frame.current?.querySelector('[role="dialog"]')?.scrollIntoView({ block: 'nearest' });
  }, [dialog]);
  // A new page is a page load: what was typed on the last one is gone, in the model as here.
  useEffect(() => {
    setDrafts({});
    if (path !== undefined) setAddress(path);
  }, [path]);

  if (!page)
    return (
      <p className="muted" data-testid="portal-loading">
        Loading the page…
      </p>
    );
  const boxes = flatten(page.nodes).filter((n) => n.role === 'textbox' && !n.hidden);
  const pending = boxes.filter((n) => drafts[n.ref] !== undefined && drafts[n.ref] !== (n.value ?? ''));

  // Typing first, in page order, then the act: the order a person's hands gave them.
  const act = async (call: ToolCall) => {
    for (const n of pending) await send({ name: 'type', arguments: { ref: n.ref, text: drafts[n.ref]! } });
    await send(call);
  };
  const actions: PortalActions = {
    busy,
    draft: (n: PageNode) => drafts[n.ref] ?? n.value ?? '',
    setDraft: (n: PageNode, text: string) => setDrafts((d) => ({ ...d, [n.ref]: text })),
    click: (n: PageNode) => void act({ name: 'click', arguments: { ref: n.ref } }),
    choose: (n: PageNode, option: string) => void act({ name: 'select', arguments: { ref: n.ref, option } }),
  };
  return (
    <div className="play-panel portal-play" data-testid="play-web-portal">
      <form
        className="play-row portal-address"
        onSubmit={(e) => {
          e.preventDefault();
          void act({ name: 'go', arguments: { path: address } });
        }}
      >
        <label className="field grow">
          <span>address</span>
          <input value={address} onChange={(e) => setAddress(e.target.value)} data-testid="portal-address" spellCheck={false} />
        </label>
        <button type="submit" disabled={busy}>
          Go
        </button>
      </form>
      <div className="portal-frame portal-frame-live" ref={frame}>
        <PortalPage page={page} actions={actions} />
      </div>
      {pending.length > 0 ? (
        <p className="muted small" data-testid="portal-pending">
          Typed, not sent yet: {pending.map((n) => `“${n.name}”`).join(', ')} — sent with your next click, one step per box.
        </p>
      ) : null}
      <form
        className="play-row"
        onSubmit={(e) => {
          e.preventDefault();
          void act({ name: 'finish', arguments: { answer } });
        }}
      >
        <label className="field grow">
          <span>your answer (for a change: what you did)</span>
          <input value={answer} onChange={(e) => setAnswer(e.target.value)} data-testid="portal-answer" />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          Finish (ends the episode)
        </button>
      </form>
    </div>
  );
}
