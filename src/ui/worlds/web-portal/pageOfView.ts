import { isJsonObject, type Json, type JsonObject } from '../../../core/json';
import type { Page, PageNode, Role } from '../../../worlds/web-portal/page';

const ROLES: readonly Role[] = [
  'navigation',
  'main',
  'contentinfo',
  'heading',
  'text',
  'link',
  'button',
  'textbox',
  'combobox',
  'table',
  'row',
  'cell',
  'list',
  'listitem',
  'dialog',
  'alert',
  'status',
  'form',
];

const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

function nodeOf(v: Json): PageNode | null {
  if (!isJsonObject(v)) return null;
  const role = ROLES.find((r) => r === v.role);
  const ref = str(v.ref);
  const key = str(v.key);
  if (!role || ref === undefined || key === undefined) return null;
  const n: PageNode = { ref, key, role, name: str(v.name) ?? '' };
  const value = str(v.value);
  if (value !== undefined) n.value = value;
  if (Array.isArray(v.options)) n.options = v.options.filter((o): o is string => typeof o === 'string');
  if (typeof v.level === 'number') n.level = v.level;
  const href = str(v.href);
  if (href !== undefined) n.href = href;
  // The action is data the session performs; the UI only needs to know a node has one.
  if (isJsonObject(v.action)) n.action = v.action as unknown as PageNode['action'];
  if (v.hidden === true) n.hidden = true;
  if (v.honeypot === true) n.honeypot = true;
  if (Array.isArray(v.children)) n.children = v.children.map(nodeOf).filter((c): c is PageNode => c !== null);
  return n;
}

/**
 * The rendered page a web-portal state carries (`inspect().page`), read back
 * from JSON: a recorded trace's replay and the live session both give it.
 * Null when the state has no page (a trace of another build, a failed replay).
 */
export function pageOfView(view: JsonObject | null | undefined): Page | null {
  const p = view && isJsonObject(view.page) ? view.page : null;
  if (!p || typeof p.path !== 'string' || !Array.isArray(p.nodes)) return null;
  return {
    path: p.path,
    title: str(p.title) ?? p.path,
    route: (isJsonObject(p.route) ? p.route : { kind: 'home' }) as unknown as Page['route'],
    nodes: p.nodes.map(nodeOf).filter((n): n is PageNode => n !== null),
  };
}

/** Every node of a tree, depth first, in document order. */
export function flatten(nodes: readonly PageNode[]): PageNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}
