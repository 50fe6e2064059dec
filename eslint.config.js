import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const UI_LIBRARIES = ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', 'recharts', '@tanstack/*'];

/**
 * Who may import whom, outside the UI (src/<layer>/CONTEXT.md says why). Each
 * layer lists the folders under src/ it may import; a folder with a slash
 * names one module or subfolder only. Tests and test support are apart: they
 * may use any world, but never the UI.
 */
const LAYERS = [
  { dir: 'core', allow: ['core'], plain: true },
  { dir: 'worlds', allow: ['core', 'worlds'], plain: true },
  // Secrets are scrubbed by the one scrubber every boundary uses (traces/export/scrub.ts).
  { dir: 'agents', allow: ['core', 'agents', 'traces/export/scrub'], plain: true },
  { dir: 'traces', allow: ['core', 'traces'], plain: true },
  // The CLI serves every world through the registries; a world's own commands come from its folder (worlds/<id>/cli.ts).
  { dir: 'cli', allow: ['core', 'agents', 'traces', 'cli', 'worlds/registry', 'worlds/cliRegistry', 'worlds/gotchaTable'], plain: false },
];
/** Files that run only in Node although their layer also runs in the browser, by depth under src/worlds. */
const WORLDS_NODE_ONLY = { 1: ['src/worlds/cliRegistry.ts'], 2: ['src/worlds/*/cli.ts', 'src/worlds/tripwire/nodeHost.ts'] };
/** A world's command-line face (`cli.ts`, and the list of them) declares what it adds to the CLI in the CLI's terms. */
const WORLD_CLI_ALLOW = ['core', 'worlds', 'cli/command', 'cli/io'];
const TESTS = ['src/**/*.test.ts', 'src/**/testing.ts', 'src/**/testing/**'];
/**
 * The files linted with type information. `npm test` lints them with the program its type check built
 * (scripts/typecheck-lint.mjs); `npm run lint` alone, through typescript-eslint's project service.
 */
export const TYPED_FILES = ['src/{core,worlds,traces,agents,cli}/**/*.ts', 'src/ui/**/*.{ts,tsx}'];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One config per depth (src/<dir>/a.ts is 1, src/<dir>/x/a.ts is 2, …): an
 * import that climbs exactly to src/ (`../` × depth) must land in an allowed
 * folder; the regex reads the specifier as written, so depth fixes what it means.
 */
function layerConfigs({ dir, allow, plain, filesAt = (depth) => [`src/${dir}/${'*/'.repeat(depth - 1)}*.{ts,tsx,mts}`], ignores = [] }) {
  const allowed = allow.map((a) => (a.includes('/') ? `${escape(a)}$` : `${escape(a)}(/|$)`)).join('|');
  return [1, 2, 3, 4]
    .map((depth) => ({
      files: filesAt(depth),
      ignores: [...TESTS, ...ignores],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: `^(\\.\\./){${depth}}(?!${allowed})`, message: `src/${dir} imports only from ${allow.join(', ')} (eslint.config.js, LAYERS).` },
              { group: UI_LIBRARIES, message: `src/${dir} stays plain TypeScript: no React, zustand or UI libraries.` },
              ...(plain ? [{ regex: '^node:', message: `src/${dir} runs in the browser too: Node modules belong in a Node-only file.` }] : []),
            ],
          },
        ],
      },
    }))
    .filter((c) => c.files.length > 0);
}

/**
 * The UI's own layers (src/ui/CONTEXT.md): views → components → lib. What a
 * folder under src/ui must not import, as folders under src/ui; and everywhere
 * but a world's own UI folder, no world's folder at all (src/ui/worlds/<id>/ or
 * src/worlds/<id>/): generic code reaches a world through the registry
 * (src/ui/worlds/registry.ts), which alone imports the worlds' entries.
 */
const UI_LAYERS = [
  { dir: 'components', deny: ['views'] },
  // Plain modules, stores and hooks: never a component or a view.
  { dir: 'lib', deny: ['views', 'components', 'study'] },
  { dir: 'live', deny: ['views', 'components', 'study'] },
  { dir: 'study', deny: ['views', 'components'] },
  { dir: 'workers', deny: ['views', 'components', 'study'] },
  { dir: 'views', deny: [] },
];
const UI_WORLD_IDS = readdirSync(new URL('./src/ui/worlds/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** `depth`: how far the file sits under src/ui (src/ui/lib/a.ts is 1). */
const uiDeny = (depth, deny) => [
  ...(deny.length
    ? [{ regex: `^(\\.\\./){${depth}}(${deny.join('|')})(/|$)`, message: `this folder does not import ${deny.join(', ')} (eslint.config.js, UI_LAYERS).` }]
    : []),
  {
    regex: `^(\\.\\./){${depth}}worlds/[^/]+/`,
    message: "a world's UI folder is reached through src/ui/worlds/registry.ts, not imported (eslint.config.js, UI_LAYERS).",
  },
  {
    regex: `^(\\.\\./){${depth + 1}}worlds/[^/]+/`,
    message: "a world's code is reached through the registries, not imported: only its own UI folder imports it (eslint.config.js, UI_LAYERS).",
  },
];

function uiLayerConfigs() {
  const restrict = (files, patterns, ignores = []) => ({ files, ignores: [...TESTS, ...ignores], rules: { 'no-restricted-imports': ['error', { patterns }] } });
  return [
    ...UI_LAYERS.flatMap(({ dir, deny }) => [1, 2, 3].map((depth) => restrict([`src/ui/${dir}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`], uiDeny(depth, deny)))),
    // The registry's own folder: only registry.ts lists the worlds' entries.
    restrict(
      ['src/ui/worlds/*.{ts,tsx}'],
      [{ regex: '^\\./[^/]+/', message: "only src/ui/worlds/registry.ts imports a world's UI folder (eslint.config.js)." }, ...uiDeny(1, [])],
      ['src/ui/worlds/registry.ts'],
    ),
    restrict(['src/ui/worlds/registry.ts'], uiDeny(1, [])),
    // A world's UI folder: its own code and UI, the generic UI below the views, and no other world.
    ...UI_WORLD_IDS.map((id) =>
      restrict(
        [`src/ui/worlds/${id}/*.{ts,tsx}`],
        [
          { regex: '^(\\.\\./){2}views(/|$)', message: "a world's UI does not import views (eslint.config.js, UI_LAYERS)." },
          { regex: `^\\.\\./(?!${escape(id)}/|\\.\\./)[^/]+/`, message: `src/ui/worlds/${id} does not import another world's UI folder.` },
          { regex: `^(\\.\\./){3}worlds/(?!${escape(id)}/)[^/]+/`, message: `src/ui/worlds/${id} imports only its own world's code (src/worlds/${id}).` },
        ],
      ),
    ),
    restrict(
      ['src/ui/*.{ts,tsx}'],
      [
        {
          regex: '^\\./worlds/[^/]+/',
          message: "a world's UI folder is reached through src/ui/worlds/registry.ts, not imported (eslint.config.js, UI_LAYERS).",
        },
        { regex: '^\\.\\./worlds/[^/]+/', message: "a world's code is reached through the registries, not imported (eslint.config.js, UI_LAYERS)." },
      ],
    ),
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', '.reports', 'scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Type-aware rules: a promise nobody awaits loses its error (in the UI too: a handler's rejected promise is
  // an error no one sees); `any` defeats the JSON checks the layers rely on. Tests read their own JSON output
  // and assert on it, so `any` there is left to the assertions.
  {
    files: TYPED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/{core,worlds,traces,agents,cli}/**/*.ts'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
    },
  },
  {
    // A study's order, checks and figures are pure too: the same files give the same table anywhere.
    files: ['src/core/**/*.ts', 'src/worlds/**/*.ts', 'src/traces/study/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/worlds/**/browser*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'navigator', 'fetch'],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Worlds are deterministic: hash (seed, index, salt) instead.' },
        { object: 'Date', property: 'now', message: 'Inject a clock instead.' },
        { object: 'performance', property: 'now', message: 'Inject a clock instead.' },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Inject a clock instead.' }],
    },
  },
  ...LAYERS.flatMap((layer) => layerConfigs({ ...layer, ignores: layer.dir === 'worlds' ? Object.values(WORLDS_NODE_ONLY).flat() : [] })),
  ...layerConfigs({
    dir: 'worlds',
    allow: WORLD_CLI_ALLOW,
    plain: false,
    filesAt: (depth) => (WORLDS_NODE_ONLY[depth] ?? []).filter((f) => !f.endsWith('nodeHost.ts')),
  }),
  ...layerConfigs({ dir: 'worlds', allow: ['core', 'worlds'], plain: false, filesAt: (depth) => (depth === 2 ? ['src/worlds/tripwire/nodeHost.ts'] : []) }),
  ...uiLayerConfigs(),
  // Tests and their support may reach any layer below the UI, never the UI itself.
  {
    files: TESTS.filter((g) => !g.startsWith('src/ui')),
    ignores: ['src/ui/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+ui(/|$)', message: 'Only the UI imports the UI.' }] }] },
  },
);
