// Opens Inspect logs in Inspect View's own prebuilt bundle, in the system Chromium, and
// reports what each page shows and any error it logged: the check that `vp export
// --format inspect` writes logs Inspect's viewer opens (run it on held-out logs too).
// usage: npx tsx scripts/inspect-view-check.ts DIST_DIR LOG… [--shots DIR]
// DIST_DIR: src/inspect_ai/_view/www/dist of UKGovernmentBEIS/inspect_ai (e.g. at dbad73cf).
// Exit 1 if a log shows an error or no task title.
import { createReadStream, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, extname, join, resolve } from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const shotsAt = args.indexOf('--shots');
const shots = shotsAt >= 0 ? args.splice(shotsAt, 2)[1] : undefined;
const [dist, ...logs] = args;
if (!dist || logs.length === 0) {
  console.error('usage: npx tsx scripts/inspect-view-check.ts DIST_DIR LOG… [--shots DIR]');
  process.exit(2);
}
if (shots) mkdirSync(shots, { recursive: true });

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};
const byName = new Map(logs.map((l, i) => [`${i}-${basename(l)}`, resolve(l)]));

// The viewer reads an .eval log with HTTP range requests, as it does from a log server.
const server = createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const path = url.startsWith('/logs/') ? byName.get(url.slice(6)) : join(dist, url);
  let size: number;
  try {
    size = statSync(path ?? '').size;
  } catch {
    res.writeHead(404).end();
    return;
  }
  const headers = { 'content-type': TYPES[extname(path!)] ?? 'application/octet-stream', 'accept-ranges': 'bytes' };
  const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
  if (req.method === 'HEAD') res.writeHead(200, { ...headers, 'content-length': size }).end();
  else if (range) {
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1 });
    createReadStream(path!, { start, end }).pipe(res);
  } else {
    res.writeHead(200, { ...headers, 'content-length': size });
    createReadStream(path!).pipe(res);
  }
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const port = (server.address() as { port: number }).port;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
const errors: string[] = [];
page.on('pageerror', (e) => errors.push(e.message));
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
let failed = 0;
for (const name of byName.keys()) {
  errors.length = 0;
  await page.goto(`http://127.0.0.1:${port}/index.html?log_file=logs/${encodeURIComponent(name)}`);
  // Loaded when the page shows something other than a loading message (or gives up after 15 s).
  let text = '';
  for (let waited = 0; waited < 15_000; waited += 250) {
    await page.waitForTimeout(250);
    text = (await page.locator('body').innerText()).replace(/\s+/g, ' ').trim();
    if (text !== '' && !/loading/i.test(text)) break;
  }
  const ok = errors.length === 0 && text !== '' && !/loading|unable to load|error/i.test(text.slice(0, 400));
  if (!ok) failed++;
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`) });
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${byName.get(name)}\n     ${text.slice(0, 160)}${errors.length ? `\n     errors: ${errors.slice(0, 3).join(' | ')}` : ''}`,
  );
}
await browser.close();
server.close();
process.exit(failed ? 1 : 0);
