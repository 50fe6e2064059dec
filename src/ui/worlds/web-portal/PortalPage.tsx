import type { ReactNode } from 'react';
import type { Page, PageNode } from '../../../worlds/web-portal/page';

/** What a person can do on the drawn page; absent when it is only shown (the inspector). */
export interface PortalActions {
  busy: boolean;
  /** The text in a box: what the person is typing, else the page's value. */
  draft(node: PageNode): string;
  setDraft(node: PageNode, text: string): void;
  /** A click on a link or a button: pending typing is sent first. */
  click(node: PageNode): void;
  choose(node: PageNode, option: string): void;
}

interface Props {
  page: Page;
  actions?: PortalActions;
  /** The inspector with the verifier's view: hidden elements drawn, marked as what they are. */
  revealHidden?: boolean;
}

/**
 * The portal's page as DOM, one element per node of `render(state)`: the same
 * model an agent reads through read_page. Hidden nodes keep an empty `hidden`
 * element in the markup (where they are, never what they say); the verifier's
 * view draws them whole and marked.
 */
export function PortalPage({ page, actions, revealHidden = false }: Props) {
  return (
    <div className="portal-page" data-testid="portal-page" data-path={page.path}>
      {page.nodes.map((n) => (
        <PortalNode key={n.key} node={n} actions={actions} reveal={revealHidden} />
      ))}
    </div>
  );
}

function PortalNode({ node, actions, reveal }: { node: PageNode; actions: PortalActions | undefined; reveal: boolean }) {
  // A person's page keeps a hidden element's place and nothing of its words: the page source's answer key must not
  // sit in the DOM for a person to read while their run counts as a baseline.
  if (node.hidden && !reveal) return <span hidden data-ref={node.ref} data-key={node.key} />;
  const kids = (node.children ?? []).map((c) => <PortalNode key={c.key} node={c} actions={actions} reveal={reveal} />);
  // Hidden nodes keep their own element (a row stays a row) with `hidden`, or, for the verifier's view, a dashed outline naming what they are.
  const hiding = node.hidden ? (reveal ? { 'data-hidden': node.honeypot ? 'honeypot field' : 'hidden from people' } : { hidden: true }) : {};
  return element(node, kids, actions, hiding);
}

function element(n: PageNode, kids: ReactNode[], a: PortalActions | undefined, hiding: object): ReactNode {
  const data = { 'data-ref': n.ref, 'data-key': n.key, ...hiding };
  switch (n.role) {
    case 'navigation':
      return (
        <nav className="portal-nav" aria-label={`portal: ${n.name}`} {...data}>
          {kids}
        </nav>
      );
    case 'main':
      return (
        <section className="portal-main" aria-label={`portal page: ${n.name}`} {...data}>
          {kids}
        </section>
      );
    case 'contentinfo':
      return (
        <div className="portal-footer muted small" {...data}>
          {kids}
        </div>
      );
    case 'heading': {
      // The app's own headings go to h2 ("Your move", "State at step k"): the portal's start below them.
      const level = Math.min(6, 2 + (n.level ?? 1));
      const H = `h${level}` as 'h3' | 'h4' | 'h5' | 'h6';
      return (
        <H className="portal-heading" {...data}>
          {n.name}
        </H>
      );
    }
    case 'text':
      return (
        <p className="portal-text" {...data}>
          {n.name}
          {kids}
        </p>
      );
    case 'alert':
    case 'status':
      return (
        <p className={n.role === 'alert' ? 'portal-notice bad' : 'portal-notice'} role={n.role} {...data}>
          {n.name}
        </p>
      );
    case 'link':
      return a ? (
        <button type="button" className="link-button portal-link" disabled={a.busy} onClick={() => a.click(n)} {...data}>
          {n.name}
        </button>
      ) : (
        <span className="portal-link" {...data}>
          {n.name}
        </span>
      );
    case 'button':
      return (
        <button type="button" className="portal-button" disabled={!a || a.busy} onClick={a ? () => a.click(n) : undefined} {...data}>
          {n.name}
        </button>
      );
    case 'textbox':
      return (
        <label className="field portal-field" {...data}>
          <span>{n.name}</span>
          {a ? <input value={a.draft(n)} disabled={a.busy} onChange={(e) => a.setDraft(n, e.target.value)} /> : <input value={n.value ?? ''} readOnly />}
        </label>
      );
    case 'combobox':
      return (
        <label className="field portal-field" {...data}>
          <span>{n.name}</span>
          <select value={n.value ?? ''} disabled={!a || a.busy} onChange={a ? (e) => a.choose(n, e.target.value) : undefined}>
            {n.value === '' || n.value === undefined ? <option value="">— choose —</option> : null}
            {(n.options ?? []).map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
      );
    case 'table': {
      const [head, ...rows] = n.children ?? [];
      return (
        <div className="table-scroll">
          <table className="portal-table" aria-label={n.name} {...data}>
            {head ? (
              <thead>
                <tr>
                  {(head.children ?? []).map((c) => (
                    <th key={c.key} scope="col">
                      {c.name}
                    </th>
                  ))}
                </tr>
              </thead>
            ) : null}
            <tbody>{kids.slice(head ? 1 : 0)}</tbody>
          </table>
          {rows.length === 0 ? <p className="muted small">No rows.</p> : null}
        </div>
      );
    }
    case 'row':
      return <tr {...data}>{kids}</tr>;
    case 'cell':
      return (
        <td {...data}>
          {n.name}
          {kids}
        </td>
      );
    case 'list':
      return (
        <ul className="portal-list" aria-label={n.name} {...data}>
          {kids}
        </ul>
      );
    case 'listitem':
      return (
        <li {...data}>
          {n.name ? `${n.name} ` : null}
          {kids}
        </li>
      );
    case 'form':
      return (
        <form className="portal-form" aria-label={n.name} onSubmit={(e) => e.preventDefault()} {...data}>
          {kids}
        </form>
      );
    case 'dialog':
      return (
        <div className="portal-dialog" role="dialog" aria-label={n.name} {...data}>
          <strong>{n.name}</strong>
          {kids}
        </div>
      );
  }
}
