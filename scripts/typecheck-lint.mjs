// The type check and the lint in one process, over one TypeScript program (`npm test`, scripts/test-all.mjs): the
// lint's type-aware rules read the types the check already computed, where typescript-eslint's project service
// would build the same program again (~20 s of a 45 s lint). The same checks as `npm run typecheck` and
// `npm run lint -- --max-warnings=0`: every diagnostic tsc reports and every ESLint problem, warnings included, fail it.
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { ESLint } from 'eslint';
import { TYPED_FILES } from '../eslint.config.js';

/** ESLint as eslint.config.js sets it up, the type-aware files read through `program` instead of the project service. */
export function eslintOver(program) {
  return new ESLint({
    overrideConfig: [{ files: TYPED_FILES, languageOptions: { parserOptions: { projectService: false, programs: [program] } } }],
  });
}

function report(list) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: ts.sys.getCurrentDirectory, getNewLine: () => '\n' };
  process.stdout.write(ts.formatDiagnosticsWithColorAndContext(list, host));
}

async function main() {
  const started = performance.now();
  const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);
  const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => report([d]) });
  if (!config) return 1;
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  if (diagnostics.length) report(diagnostics);
  console.log(`typecheck: ${diagnostics.length} error(s) in ${config.fileNames.length} files (${seconds(started)} s)`);

  const linting = performance.now();
  const eslint = eslintOver(program);
  const results = await eslint.lintFiles(['.']);
  const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
  const text = await (await eslint.loadFormatter('stylish')).format(results);
  if (text) process.stdout.write(text);
  console.log(`lint: ${problems} problem(s) in ${results.length} files (${seconds(linting)} s)`);
  return diagnostics.length > 0 || problems > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
