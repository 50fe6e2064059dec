/// <reference lib="webworker" />
import { identityFromPath, identityOf } from '../../traces/import/identity';
import { createImporter, parseVfMetadata } from '../../traces/import/index';
import { LIMITS } from '../../core/limits';
import { DEFAULT_LIMITS, describeSize } from '../../traces/import/limits';
import type { ImportEvent, VfMetadata } from '../../traces/import/types';
import { blobSource, bufferSource, looksLikeZip, readAhead, type ByteSource } from '../../traces/inspect/byteSource';
import { importInspectEval } from '../../traces/inspect/importEval';
import { checkImportLink, ONLY_HTTP } from '../lib/importLink';
import { summarizeNative, summarizeVf, type LibraryEntry } from '../lib/librarySummary';
import { decodePieces, LineBytes, payloadOf, RowBatcher, rowMessages } from './importPayload';
import type { ImportMessage, ImportRequest } from './importProtocol';

const post = (m: ImportMessage) => self.postMessage(m);

/**
 * Progress at most every 100 ms: each message is a store update and a render on
 * the page, and an .eval of 100,000 samples reported each one (61 s of the main
 * thread blocked). `force` for the last one.
 */
function progressPoster(): (done: number, total: number | null, force?: boolean) => void {
  let last = -Infinity;
  return (done, total, force = false) => {
    const now = performance.now();
    if (!force && now - last < 100) return;
    last = now;
    post({ type: 'progress', done, total });
  };
}

/**
 * The file's SHA-256, which finds the same file imported again: here, off the
 * page's thread (reading 75 MB into memory there was a long task of its own).
 * Null where the page has no WebCrypto (not a secure context): the library
 * then hashes it itself, or goes without.
 */
async function sha256(bytes: Blob): Promise<string | null> {
  if (!self.crypto?.subtle) return null;
  const digest = new Uint8Array(await self.crypto.subtle.digest('SHA-256', await bytes.arrayBuffer()));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Parse off the main thread, streaming: items go out in batches, malformed lines as located issues. */
async function run(req: ImportRequest): Promise<void> {
  let metadata: VfMetadata | undefined;
  if (req.kind === 'file' && req.metadata) {
    const parsed = parseVfMetadata(await req.metadata.text());
    if (!parsed.ok) return post({ type: 'failed', message: `metadata.json: ${parsed.error}` });
    metadata = parsed.value;
  }
  let stream: ReadableStream<Uint8Array>;
  let total: number | null;
  let source: string;
  if (req.kind === 'file') {
    stream = req.file.stream();
    total = req.file.size;
    source = req.path.split(/[\\/]/).pop() || req.path;
  } else {
    const link = checkImportLink(req.url, self.location.origin);
    if (!link.ok) return post({ type: 'failed', message: `${link.reason}. ${ONLY_HTTP}` });
    let res: Response;
    try {
      // A redirect is not followed: the person agreed to the address they were shown, not to wherever it points.
      res = await fetch(link.url, { redirect: 'manual', credentials: 'omit' });
    } catch {
      return post({
        type: 'failed',
        message: `could not fetch ${link.url}: the server is unreachable or does not allow this page's origin (CORS). Raw GitHub files and gists work.`,
      });
    }
    if (res.type === 'opaqueredirect')
      return post({ type: 'failed', message: `${link.host} answered with a redirect, which is not followed: link the file's final address instead` });
    if (!res.ok || !res.body) return post({ type: 'failed', message: `could not fetch ${link.url}: HTTP ${res.status}` });
    stream = res.body;
    const len = Number(res.headers.get('content-length'));
    total = Number.isFinite(len) && len > 0 ? len : null;
    source = new URL(link.url).pathname.split('/').pop() || link.host;
  }
  // vf-eval's folder layout names the env and model: a file's relative path, or the address's path.
  const fromPath = identityFromPath(req.kind === 'file' ? req.path : new URL(req.url).pathname);
  /** A fetched file kept as read, for the library to hash and store (a file chosen here is already a Blob). */
  const kept: Uint8Array<ArrayBuffer>[] | null = req.kind === 'url' ? [] : null;
  const batches = new RowBatcher<LibraryEntry>();
  /** A JSONL file's lines as bytes while they are read: a native trace's payload is its line's bytes. */
  const lines = new LineBytes();
  let n = 0;
  const flush = () => {
    for (const { message, transfer } of rowMessages(batches.take(performance.now()))) self.postMessage(message satisfies ImportMessage, transfer);
  };
  const take = (events: ImportEvent[]) => {
    const issues = [];
    for (const e of events) {
      if (e.type === 'issue') {
        issues.push(e.issue);
        continue;
      }
      const id = `${req.batch}:${n++}`;
      const entry =
        e.item.kind === 'native'
          ? summarizeNative(e.item.trace, id, source, req.batch, e.item.line)
          : summarizeVf(e.item.rollout, id, source, identityOf(e.item, fromPath), req.batch);
      batches.add(entry, payloadOf(e.item, lines));
    }
    if (issues.length) post({ type: 'issues', issues });
    if (batches.due(performance.now())) flush();
  };
  // An Inspect .eval log is a zip: read from its end, entry by entry, only the samples decompressed.
  const reader = stream.getReader();
  const first = await reader.read();
  if (!first.done && looksLikeZip(first.value)) {
    let zip: ByteSource;
    if (req.kind === 'file') {
      await reader.cancel();
      zip = readAhead(blobSource(req.file));
    } else {
      const whole = await readRest(reader, first.value);
      kept?.push(new Uint8Array(whole));
      zip = bufferSource(whole);
    }
    const total = LIMITS.importDecompressedBytes.value;
    const budget = { left: Math.min(total, req.decompressLeft ?? total), total };
    const left = budget.left;
    const progress = progressPoster();
    const summary = await importInspectEval(zip, {
      budget,
      onEvents: (events, p) => {
        take(events);
        progress(p.done, p.total, p.done === p.total);
      },
    });
    flush();
    const bytes = kept ? new Blob(kept) : undefined;
    const hashed = bytes ?? (req.kind === 'file' ? req.file : null);
    post({ type: 'done', summary, source, bytes, hash: req.hashed ?? (hashed ? await sha256(hashed) : null), decompressed: left - budget.left });
    return;
  }
  const importer = createImporter({ metadata, sizeHint: total ?? undefined, keepJson: true });
  const decoder = new TextDecoder('utf-8');
  const progress = progressPoster();
  let done = 0;
  for (let chunk = first; !chunk.done; chunk = await reader.read()) {
    const value = chunk.value;
    kept?.push(new Uint8Array(value));
    done += value.byteLength;
    // A native trace's line stays in this chunk, whose buffer goes to the page with its rows once it is read.
    batches.open(value);
    decodePieces(decoder, value, (text) => take(importer.push(text)), lines);
    batches.close();
    if (batches.due(performance.now())) flush();
    progress(done, total);
    if (importer.summary().fatal) break;
  }
  take(importer.push(decoder.decode()));
  take(importer.finish());
  flush();
  progress(done, total, true);
  const bytes = kept ? new Blob(kept) : undefined;
  const hashed = bytes ?? (req.kind === 'file' ? req.file : null);
  const fatal = importer.summary().fatal;
  post({ type: 'done', summary: importer.summary(), source, bytes, hash: fatal ? null : (req.hashed ?? (hashed ? await sha256(hashed) : null)) });
}

/** The rest of a linked zip, held whole (a response cannot be read at an offset), up to the import limit. */
async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>, first: Uint8Array): Promise<Uint8Array> {
  const parts = [first];
  let size = first.length;
  for (let c = await reader.read(); !c.done; c = await reader.read()) {
    size += c.value.length;
    if (size > DEFAULT_LIMITS.maxTotalChars) {
      await reader.cancel();
      throw new Error(`the linked file is over the ${describeSize(DEFAULT_LIMITS.maxTotalChars)} import limit`);
    }
    parts.push(c.value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

self.onmessage = (e: MessageEvent<ImportRequest>) => {
  run(e.data).catch((err: unknown) => post({ type: 'failed', message: err instanceof Error ? err.message : String(err) }));
};
