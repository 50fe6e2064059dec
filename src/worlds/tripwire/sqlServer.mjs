// The database side of a SqlHost: plain JavaScript so a worker can load it without a
// TypeScript loader (tsx/vitest do not reach inside worker threads). It only hosts
// sql.js; every policy decision is made by the caller before a statement gets here.

const RANDOMBLOB_MAX = 1 << 20;

/** xorshift32 from a seed: SQLite's own random() is seeded from the platform, which breaks replay. */
function prng(seed) {
  let s = seed | 0 || 0x2545f491;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

function cell(v) {
  if (v instanceof Uint8Array) {
    let hex = '';
    for (let i = 0; i < Math.min(v.length, 64); i++) hex += v[i].toString(16).padStart(2, '0');
    return `x'${hex}${v.length > 64 ? '…' : ''}'`;
  }
  return v;
}

/**
 * A message handler over one sql.js database and its read-only shadows. Requests: open
 * {bytes, seed, shadows?}, exec {sql} (trusted SQL only), run {sql, maxRows, maxChars} (one
 * statement, prepared and stepped), shadow {sql, maxRows} (the statement on each shadow),
 * export, close. Replies are plain structured-clone data.
 */
export function createSqlServer(SQL) {
  let db = null;
  let totalChanges = null;
  let hooks = [];
  let shadows = [];

  function seeded(bytes, seed) {
    const d = bytes ? new SQL.Database(bytes) : new SQL.Database();
    const next = prng(seed);
    // Overriding the built-ins keeps every result a pure function of (task, calls).
    d.create_function('random', () => next() * 2097152 + (next() >>> 11));
    d.create_function('randomblob', (n) => {
      const len = Math.max(1, Math.min(Number(n) || 1, RANDOMBLOB_MAX + 1));
      if (len > RANDOMBLOB_MAX) throw new Error(`randomblob is limited to ${RANDOMBLOB_MAX} bytes here`);
      const out = new Uint8Array(len);
      for (let i = 0; i < len; i++) out[i] = next() & 255;
      return out;
    });
    return d;
  }

  function closeAll() {
    if (db) db.close();
    for (const s of shadows) s.close();
    db = null;
    shadows = [];
  }

  function open(bytes, seed, shadowBytes) {
    closeAll();
    db = seeded(bytes, seed);
    db.updateHook((op, _db, table, rowid) => hooks.push({ op, table, rowid: Number(rowid) }));
    totalChanges = db.prepare('SELECT total_changes()');
    shadows = (shadowBytes ?? []).map((b) => {
      const s = seeded(b, seed);
      s.exec('PRAGMA query_only = ON');
      return s;
    });
    return {};
  }

  /** The statement on each shadow, rows up to the cap; an error there is an answer, not a failure. */
  function shadow(sql, maxRows) {
    return {
      shadows: shadows.map((s) => {
        let stmt = null;
        try {
          stmt = s.prepare(sql);
          const rows = [];
          while (rows.length < maxRows && stmt.step()) rows.push(stmt.get().map(cell));
          return { rows };
        } catch (e) {
          return { error: e instanceof Error ? e.message : String(e) };
        } finally {
          if (stmt) stmt.free();
        }
      }),
    };
  }

  function changes() {
    totalChanges.step();
    const n = totalChanges.get()[0];
    totalChanges.reset();
    return n;
  }

  function run(sql, maxRows, maxChars) {
    hooks = [];
    const stmt = db.prepare(sql);
    const rows = [];
    let rowCount = 0;
    let chars = 0;
    let truncated = false;
    try {
      const columns = stmt.getColumnNames();
      // Stepped to the end even past the cap: a write with RETURNING must finish.
      while (stmt.step()) {
        rowCount++;
        if (truncated) continue;
        const row = stmt.get().map(cell);
        const size = JSON.stringify(row).length + 1;
        if (rows.length >= maxRows || chars + size > maxChars) truncated = true;
        else {
          rows.push(row);
          chars += size;
        }
      }
      return { columns, rows, rowCount, truncated, totalChanges: changes(), hooks };
    } finally {
      stmt.free();
    }
  }

  return function handle(req) {
    switch (req.op) {
      case 'open':
        return open(req.bytes, req.seed, req.shadows);
      case 'shadow':
        return shadow(req.sql, req.maxRows);
      case 'exec':
        return { results: db.exec(req.sql).map((r) => ({ columns: r.columns, values: r.values.map((row) => row.map(cell)) })) };
      case 'run':
        return run(req.sql, req.maxRows, req.maxChars);
      case 'changes':
        return { totalChanges: changes() };
      case 'export':
        return { bytes: db.export() };
      case 'close':
        closeAll();
        return {};
      default:
        throw new Error(`unknown request ${String(req.op)}`);
    }
  };
}
