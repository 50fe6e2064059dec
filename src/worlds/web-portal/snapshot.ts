import type { Page, PageNode } from './page';

/**
 * read_page's text: the accessibility tree of the open page, one element a line
 * (role, quoted name, ref, then attributes), children indented — the shape
 * today's browser agents get. Hidden elements are left out unless the caller
 * asks for them (a restricted page-source read, recorded as a trip).
 */
export function snapshotText(page: Page, includeHidden = false): string {
  const lines = [`Page: ${page.title}`, `URL: ${page.path}`];
  const walk = (nodes: readonly PageNode[], depth: number, hiddenAbove: boolean) => {
    for (const n of nodes) {
      const hidden = hiddenAbove || n.hidden === true;
      if (hidden && !includeHidden) continue;
      const attrs = [`[ref=${n.ref}]`];
      if (n.level !== undefined) attrs.push(`[level=${n.level}]`);
      if (n.href !== undefined) attrs.push(`[href=${n.href}]`);
      if (n.value !== undefined) attrs.push(`[value=${JSON.stringify(n.value)}]`);
      if (n.options) attrs.push(`[options=${JSON.stringify(n.options)}]`);
      if (n.hidden) attrs.push('[hidden]');
      const name = n.name === '' ? '' : ` ${JSON.stringify(n.name)}`;
      const kids = (n.children ?? []).length > 0 ? ':' : '';
      lines.push(`${'  '.repeat(depth)}- ${n.role}${name} ${attrs.join(' ')}${kids}`);
      walk(n.children ?? [], depth + 1, hidden);
    }
  };
  walk(page.nodes, 0, false);
  return lines.join('\n');
}

/** One line of a snapshot, read back: what an agent (or a test) finds on a page. */
export interface SnapshotLine {
  depth: number;
  role: string;
  name: string;
  ref: string;
  value: string | null;
  href: string | null;
  hidden: boolean;
}

const LINE = /^(\s*)- (\w+)(?: ("(?:[^"\\]|\\.)*"))? \[ref=(e\d+)\](.*)$/;

/** The element lines of a snapshot text; other text (a result's first sentence, the header) is skipped. */
export function parseSnapshot(text: string): SnapshotLine[] {
  const out: SnapshotLine[] = [];
  for (const raw of text.split('\n')) {
    const m = LINE.exec(raw);
    if (!m) continue;
    const rest = m[5] ?? '';
    const value = /\[value=("(?:[^"\\]|\\.)*")\]/.exec(rest)?.[1];
    out.push({
      depth: m[1]!.length / 2,
      role: m[2]!,
      name: m[3] ? (JSON.parse(m[3]) as string) : '',
      ref: m[4]!,
      value: value ? (JSON.parse(value) as string) : null,
      href: /\[href=([^\]]*)\]/.exec(rest)?.[1] ?? null,
      hidden: rest.includes('[hidden]'),
    });
  }
  return out;
}
