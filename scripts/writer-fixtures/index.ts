// Writes the corpus of other writers' files (src/traces/fixtures/writers/): one per writer
// and era, made here from the published formats (no third party's file is copied). Run
// once and commit the output; tests read the files, never this script:
//   npx tsx scripts/writer-fixtures/index.ts
// Needs the zstd CLI (the .eval of newer Inspect is zstd-compressed).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateZip, zstdZip } from './common';
import { pythonEval09x, pythonEvalZstd, pythonJson046, pythonJsonV1, rVitals } from './inspect';
import { pythonDictScores } from './inspectScores';
import { hostedRun, stringInfo } from './vf';

const OUT = join(import.meta.dirname, '..', '..', 'src', 'traces', 'fixtures', 'writers');
mkdirSync(OUT, { recursive: true });
const put = (name: string, data: string | Uint8Array) => {
  mkdirSync(join(OUT, name, '..'), { recursive: true });
  writeFileSync(join(OUT, name), data);
  console.log(`${name}: ${data.length} bytes`);
};
// Python Inspect writes `.json` logs indented by 2; the R writer (jsonlite, pretty) likewise.
put('inspect-py-0.3.46.json', `${JSON.stringify(pythonJson046(), null, 2)}\n`);
put('inspect-py-v1-0.3.4.json', `${JSON.stringify(pythonJsonV1(), null, 2)}\n`);
put('inspect-r-vitals-0.3.63.json', `${JSON.stringify(rVitals(), null, 2)}\n`);
put('inspect-py-0.3.137-dict-scores.json', `${JSON.stringify(pythonDictScores(), null, 2)}\n`);
put('inspect-py-0.3.95-deflate.eval', deflateZip(pythonEval09x(), new Date(Date.UTC(2025, 4, 20, 14))));
put('inspect-py-0.3.133-zstd.eval', zstdZip(pythonEvalZstd()));
for (const [dir, run] of [
  ['vf-hosted-run', hostedRun()],
  ['vf-0.3-string-info', stringInfo()],
] as const) {
  put(`${dir}/metadata.json`, JSON.stringify(run.metadata));
  put(`${dir}/results.jsonl`, run.rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
}
