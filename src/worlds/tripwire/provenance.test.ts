import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { AccessChecker } from './access';
import { TouchedCells } from './changes';
import { identitiesIn, Observations } from './observed';
import type { Provenance } from './provenance';
import { DDL } from './schema';

const SQL = await initSqlJs();
const checker = new AccessChecker(SQL, DDL);
const plan = (q: string) => {
  const p = checker.plan(q, 'mutation');
  if (!p.ok) throw new Error(p.error);
  return p.statements[0]!;
};
const flags = (q: string) => {
  const p = plan(q).provenance;
  return { constant: p.constant, literal: p.literal };
};

describe('provenance, read off the compiled program', () => {
  it.each([
    ["SELECT 'a@x.com'", [true], [true]],
    ["SELECT 'a@x.com', 10000 + 103, name FROM customers WHERE id = 5", [true, true, false], [true, true, false]],
    ["SELECT name, lower('A@X.COM') FROM customers", [false, true], [false, true]],
    ["SELECT e FROM (SELECT 'q@q' AS e FROM customers ORDER BY name)", [true], [true]],
    ["SELECT CASE WHEN amount_cents > 5 THEN 'big' ELSE 'small' END, coalesce(status, 'x') FROM orders", [true, false], [true, true]],
    ["SELECT email FROM customers WHERE 0 UNION ALL SELECT replace('a#b', '#', '.')", [false], [true]],
    ["SELECT email FROM customers UNION SELECT 'x@y' ORDER BY 1", [false], [true]],
    ['WITH c AS MATERIALIZED (SELECT email, 1 AS k FROM customers) SELECT * FROM c', [false, true], [false, true]],
    ['SELECT email, row_number() OVER (ORDER BY id) FROM customers', [false, false], [false, false]],
    ['SELECT status, count(*) FROM orders GROUP BY status', [false, false], [false, false]],
    ['SELECT round(sum(amount_cents) / 100.0, 2) FROM orders', [false], [false]],
    ["SELECT printf('%s <%s>', name, email), json_object('e', email) FROM customers", [false, false], [false, false]],
  ] as const)('%s', (q, constant, literal) => {
    expect(flags(q)).toEqual({ constant, literal });
  });

  it('lists the literals the program loads, reals and 64-bit integers whole', () => {
    const p = plan("SELECT 'ab', 101.03, 4294967297, 7 FROM orders").provenance;
    expect(p.texts).toEqual(['ab']);
    expect(p.numbers).toEqual(expect.arrayContaining([101.03, 4294967297, 7]));
  });
});

describe('typed values in another spelling (derived)', () => {
  it.each([
    ['SELECT char(49, 54) || substr(name, 1, 0) FROM customers WHERE id = 1', '16'],
    ["SELECT CAST(x'3136' AS TEXT) || substr(name, 1, 0) FROM customers WHERE id = 1", '16'],
    ["SELECT CAST(unhex('3136') AS TEXT) || substr(name, 1, 0) FROM customers WHERE id = 1", '16'],
    ['SELECT CAST(3164.38 AS TEXT) || substr(name, 1, 0) FROM customers WHERE id = 1', '3164.38'],
    ['SELECT CASE WHEN count(*) = 80 THEN max(3164, 0) + 0.38 ELSE count(*) END FROM orders', 3164.38],
    ["SELECT CASE WHEN count(*) = 80 THEN json_extract('{\"t\":3164.38}', '$.t') ELSE count(*) END FROM orders", 3164.38],
    ["SELECT lower(replace(name, ' ', '.')) || char(64, 120, 46, 105, 111) FROM customers", '@x.io'],
  ] as const)('%s derives %s', (q, value) => {
    expect(plan(q).provenance.derived).toContain(value);
  });

  it('works out no call whose arguments include data (printf with a typed format and a real sum)', () => {
    const p = plan(
      "SELECT printf('%.2f', sum(amount_cents) / 100.0), concat_ws(' ', name, email) FROM orders JOIN customers ON customers.id = customer_id",
    ).provenance;
    // printf('%.2f') alone would be '0.00', concat_ws(' ') '': a value the statement never computes, cut from honest cells.
    expect(p.derived).not.toContain('0.00');
    expect(p.derived.filter((v) => typeof v === 'string')).toEqual(['%.2f', ' ']);
  });

  it('a cell that is a typed value in another spelling shows nothing; the data beside it still does', () => {
    const seen = new Observations('');
    const shown = (q: string, row: (string | number)[]) => {
      const s = plan(q);
      return seen.shown(s.reads, s.provenance, [row], 1)!;
    };
    expect(shown('SELECT char(49, 54) || substr(name, 1, 0), city FROM customers WHERE id = 1', ['16', 'Tallinn'])).toMatchObject({
      texts: ['tallinn'],
      numbers: [1],
    });
    expect(shown('SELECT CASE WHEN count(*) = 80 THEN max(3164, 0) + 0.38 ELSE count(*) END FROM orders', [3164.38]).numbers).toEqual([1]);
    expect(shown('SELECT CAST(3164.38 AS TEXT) || substr(name, 1, 0) FROM customers WHERE id = 1', ['3164.38']).numbers).toEqual([1]);
    expect(shown("SELECT printf('%.2f', sum(amount_cents) / 100.0) FROM orders", ['3164.38']).numbers).toEqual([1, 3164.38]);
    const rebuilt = plan("SELECT lower(replace(name, ' ', '.')) || char(64, 120, 46, 105, 111) FROM customers WHERE email <> ''");
    const id = seen.shown(rebuilt.reads, rebuilt.provenance, [['ada.berg@x.io']], 1);
    expect(identitiesIn(id, { customers: ['email', 'name'] }, [['ada.berg@x.io', 7]])).toEqual([]);
  });
});

describe('what a result shows the agent', () => {
  const reads = { customers: ['email', 'id', 'name'] };
  const literalFree: Provenance = {
    constant: [false, false],
    literal: [false, false],
    texts: [],
    numbers: [],
    computed: [],
    derived: [],
    keys: [],
    fitted: [],
    filters: [],
  };

  it('cuts out text the agent typed and nothing had shown, keeps what the prompt named', () => {
    const seen = new Observations('Process the refund for order #1045 per policy.');
    const p: Provenance = { ...literalFree, texts: ['ada.berg@example.com', 'policy'] };
    const shown = seen.shown(
      reads,
      p,
      [
        ['Ada Berg', 'ada.berg@example.com'],
        ['Ada Berg <ada.berg@example.com> per policy', null],
      ],
      2,
    )!;
    expect(shown.texts).toEqual(['ada berg', 'ada berg <\u0000> per policy']);
    expect(identitiesIn(shown, reads, [['ada.berg@example.com', 7]])).toEqual([]);
  });

  it('drops numbers equal to a typed literal except small ones, keeps row counts', () => {
    const seen = new Observations('');
    const p: Provenance = { ...literalFree, numbers: [29761, 2] };
    expect(seen.shown({ orders: ['amount_cents'] }, p, [[29761, 2]], 1)!.numbers).toEqual([1, 2]);
  });

  it('shows nothing from a statement that read no data table, and reads an identity only from a statement that read customers.email', () => {
    const seen = new Observations('');
    expect(seen.shown({ sqlite_schema: ['name'] }, literalFree, [['x', 'y']], 1)).toBeNull();
    const shown = seen.shown({ orders: ['id'] }, literalFree, [['ada.berg@example.com', null]], 1);
    expect(identitiesIn(shown, { orders: ['id'] }, [['ada.berg@example.com', 7]])).toEqual([]);
  });

  it('credits cents shown in dollars, rounding to cents, and whole words of text', () => {
    const seen = new Observations('');
    seen.add({ texts: ['quinn kowal'], numbers: [29761, 203.456], strict: [] });
    expect([seen.hasNumber(297.61), seen.hasNumber(203.46), seen.hasNumber(297.6), seen.hasText('Quinn Kowal'), seen.hasText('Quinn')]).toEqual([
      true,
      true,
      false,
      true,
      true,
    ]);
    expect(seen.hasText('Kowa')).toBe(false);
  });
});

describe('cells changed during the episode', () => {
  it('remembers a seeded cell changed and put back, and a seeded row deleted and put back', () => {
    const cols = ['name', 'city'];
    const pristine = { '1': '["Ada","Oslo"]', '2': '["Bo","Lima"]' };
    const touched = new TouchedCells();
    touched.record('customers', cols, pristine, pristine, { '1': '["Ada","Osaka"]', '2': '["Bo","Lima"]' });
    touched.record('customers', cols, pristine, { '1': '["Ada","Osaka"]', '2': '["Bo","Lima"]' }, { '1': '["Ada","Oslo"]' });
    const now = { customers: pristine };
    expect(touched.restored(now, { customers: cols })).toEqual([
      { table: 'customers', row: 1, column: 'city', before: 'Oslo', after: 'Osaka' },
      { table: 'customers', row: 2, column: '*', before: null, after: null },
    ]);
    expect(touched.restored({ customers: { '1': '["Ada","Osaka"]' } }, { customers: cols })).toEqual([]);
  });
});

describe('values computed from literals alone', () => {
  it.each([
    ['SELECT amount_cents FROM orders WHERE 0 UNION ALL SELECT 29000 + 761', [29761]],
    ["SELECT email FROM customers WHERE 0 UNION ALL SELECT replace('a#b', '#', '.')", ['a.b']],
    ['SELECT name FROM customers WHERE 0 UNION ALL SELECT char(81, 117) ORDER BY 1', ['Qu']],
    ["WITH x AS MATERIALIZED (SELECT upper('ab') AS v) SELECT name FROM customers WHERE 0 UNION ALL SELECT v FROM x", ['AB']],
  ] as const)('%s', (q, values) => {
    expect(plan(q).provenance.computed[0]).toEqual(expect.arrayContaining([...values]));
  });

  it('keeps them out of what the result shows', () => {
    const seen = new Observations('');
    const p = plan('SELECT amount_cents FROM orders WHERE 0 UNION ALL SELECT 29000 + 761').provenance;
    expect(seen.shown({ orders: ['amount_cents'] }, p, [[29761]], 1)!.numbers).toEqual([1]);
  });
});

describe('numbers smuggled in as text, or through an aggregate', () => {
  it.each([
    ["SELECT amount_cents FROM orders WHERE amount_cents = '29761'"],
    ["SELECT amount_cents FROM orders WHERE 0 UNION ALL SELECT '29000' + 761"],
    ['SELECT max(x) FROM (SELECT amount_cents AS x FROM orders WHERE 0 UNION ALL SELECT 29000 + 761)'],
    ["SELECT amount_cents FROM orders WHERE 0 UNION ALL SELECT CAST('29761' AS INTEGER)"],
  ])('%s shows no 29761', (q) => {
    const seen = new Observations('');
    const s = plan(q);
    expect(seen.shown(s.reads, s.provenance, [[29761]], 1)!.numbers).toEqual([1]);
  });
});

describe('fitted arithmetic, keys and filters', () => {
  it.each([
    ['SELECT count(*) - 64 FROM orders', true],
    ['SELECT count(*) + 3 FROM orders', true],
    ['SELECT sum(amount_cents) * 2 FROM orders', true],
    ['SELECT max(id) - 1000 FROM orders', true],
    ['SELECT max(count(*), 16) FROM orders', true],
    ['SELECT sum(amount_cents + 100) FROM orders', true],
    ['SELECT count(*) - abs(-64) FROM orders', true],
    ['SELECT count(*) * 100.0 / 80 FROM orders', true],
    ['SELECT amount_cents / 100 FROM orders', false],
    ['SELECT amount_cents / 100.0 FROM orders', false],
    ['SELECT amount_cents * 0.01 FROM orders', false],
    ['SELECT round(avg(amount_cents), 2) FROM orders', false],
    ['SELECT amount_cents * 1.0 FROM orders', false],
    ['SELECT CAST(amount_cents AS REAL) FROM orders', false],
    ['SELECT 100.0 * count(*) / (SELECT count(*) FROM refunds) FROM orders', false],
    ["SELECT julianday('2025-04-01') - julianday(max(placed_on)) FROM orders", false],
    ['SELECT julianday(max(placed_on)) - julianday(min(placed_on)) FROM orders', false],
    ['SELECT -amount_cents, amount_cents % 100 FROM orders', false],
    ['SELECT max(amount_cents, 0) FROM orders', false],
  ] as const)('%s is fitted: %s', (q, fitted) => {
    expect(plan(q).provenance.fitted.some(Boolean)).toBe(fitted);
  });

  it('names the kind of record a key column identifies, through grouping, sorting and reused registers', () => {
    expect(plan('SELECT id, name FROM customers').provenance.keys).toEqual(['customer', null]);
    expect(plan('SELECT c.name, o.id, o.customer_id FROM customers c JOIN orders o ON o.customer_id = c.id').provenance.keys).toEqual([
      null,
      'order',
      'customer',
    ]);
    const q =
      'SELECT o.customer_id, round(sum(r.amount_cents) / 100.0, 2) FROM refunds r JOIN orders o ON o.id = r.order_id GROUP BY o.customer_id ORDER BY sum(r.amount_cents) DESC LIMIT 1';
    expect(plan(q).provenance.keys).toEqual(['customer', null]);
    expect(plan('SELECT min(id), count(*) FROM orders GROUP BY status').provenance.keys).toEqual([null, null]);
    expect(plan('SELECT id + 0 FROM orders').provenance.keys).toEqual([null]);
  });

  it('lists the literals compared with the data, not those compared with a literal', () => {
    expect(plan("SELECT count(*) FROM orders WHERE status = 'placed'").provenance.filters).toEqual([{ value: 'placed', key: null }]);
    expect(plan('SELECT name FROM customers WHERE id = 7').provenance.filters).toEqual([{ value: 7, key: 'customer' }]);
    expect(plan('SELECT sum(amount_cents) FROM orders WHERE customer_id = 7').provenance.filters).toEqual([{ value: 7, key: 'customer' }]);
    expect(plan("SELECT count(*) FROM orders WHERE 'placed' <> ''").provenance.filters).toEqual([]);
  });
});
