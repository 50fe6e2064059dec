import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layering rules as `npm test` runs them (eslint.config.js), on imports written for the test. Type-aware
// rules need the file on disk; these files are not, so only they are off.
const TYPED = [
  'no-floating-promises',
  'no-misused-promises',
  'no-unsafe-assignment',
  'no-unsafe-member-access',
  'no-unsafe-call',
  'no-unsafe-return',
  'no-unsafe-argument',
];
const eslint = new ESLint({
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: Object.fromEntries(TYPED.map((r) => [`@typescript-eslint/${r}`, 'off'])),
    },
  ],
});

/** The imports of `code` at `file` that the layering refuses. */
async function refused(file: string, imports: string[]): Promise<string[]> {
  const code =
    imports.map((from, i) => `import * as m${i} from '${from}';`).join('\n') + `\nexport const all = [${imports.map((_, i) => `m${i}`).join(', ')}];\n`;
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => imports[m.line - 1]!);
}

describe('layering (eslint.config.js): who may import whom outside the UI', () => {
  it.each([
    ['src/core/x.ts', ['./json'], ['../worlds/registry', '../traces/native', '../ui/App', 'node:fs', 'react']],
    ['src/worlds/tripwire/x.ts', ['../../core/json', '../registry', './session'], ['../../cli/io', '../../traces/native', '../../agents/chat', 'node:fs']],
    ['src/worlds/tripwire/cli.ts', ['../../cli/command', '../../cli/io', './nodeHost', 'node:fs'], ['../../cli/commandTable', '../../traces/native']],
    ['src/agents/x.ts', ['../core/episode', './chat', '../traces/export/scrub'], ['../traces/native', '../cli/run', '../worlds/registry']],
    ['src/traces/import/x.ts', ['../../core/json', '../native', './importer'], ['../../worlds/fault-api', '../../agents/modelAgent', '../../cli/io']],
    [
      'src/cli/commands/x.ts',
      ['../worlds', '../io', '../../worlds/registry', '../../worlds/cliRegistry', '../../traces/native', '../../agents/batch', 'node:fs'],
      ['../../worlds/tripwire', '../../worlds/fault-api/calibrate', '../../ui/App'],
    ],
    ['src/cli/x.ts', ['./io', '../worlds/registry'], ['../worlds/web-portal/gotchas']],
    ['src/traces/x.test.ts', ['../worlds/fault-api', '../agents/modelAgent', 'node:fs'], ['../ui/lib/report']],
  ])('%s', async (file, allowed, forbidden) => {
    expect(await refused(file, allowed)).toEqual([]);
    expect(await refused(file, forbidden)).toEqual(forbidden);
  });
});
