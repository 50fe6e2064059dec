import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, DRAWN_ROWS } from './DataTable';

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => [i + 1, `rec-${i + 1}`]);
const count = (html: string, what: RegExp) => html.match(what)?.length ?? 0;

describe('DataTable', () => {
  it(`draws every row of a table up to ${DRAWN_ROWS} rows, marked as the rows it has`, () => {
    const html = renderToString(<DataTable columns={['n', 'id']} rows={rowsOf(DRAWN_ROWS)} rowClass={(i) => (i === 7 ? 'row-duplicate' : undefined)} />);
    expect(count(html, /<tr/g)).toBe(DRAWN_ROWS + 1);
    expect(html).not.toContain('aria-rowcount');
    expect(html).toContain(`rec-${DRAWN_ROWS}<`);
    expect(count(html, /row-duplicate/g)).toBe(1);
  });

  it('of a long table, only the rows in its scroll box, with a spacer for the rest and the whole count for assistive technology', () => {
    const n = 10_000;
    const html = renderToString(
      <DataTable
        columns={['n', 'id']}
        rows={rowsOf(n)}
        rowClass={(i) => (i === 3 ? 'row-duplicate' : undefined)}
        cellClass={(r, col) => (r === 2 && col === 'id' ? 'mistyped' : undefined)}
      />,
    );
    const drawn = count(html, /aria-rowindex=/g);
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);
    expect(html).toContain(`aria-rowcount="${n + 1}"`);
    expect(html).toContain('aria-rowindex="2"');
    expect(html).toContain('rec-1<');
    expect(html).not.toContain(`rec-${n}<`);
    // The index a row's marks are asked for is its place in the whole table, not among the drawn rows.
    expect(html).toMatch(/<tr class="row-duplicate"[^>]*aria-rowindex="5"/);
    expect(html).toMatch(/<td class="mistyped"><span class="str">rec-3</);
    const spacer = /<tr class="data-spacer" aria-hidden="true" style="height:(\d+)px"/.exec(html);
    expect(Number(spacer?.[1])).toBeGreaterThan(200_000);
  });
});
