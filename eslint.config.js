import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noUiInCore = {
  patterns: [
    { group: ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', 'recharts', '@tanstack/*'], message: 'src/core and src/worlds stay plain TypeScript: no React, zustand or UI libraries.' },
    { group: ['**/ui/**', '**/ui'], message: 'Lower layers never import from the UI.' },
  ],
};

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
  {
    // A study's order, checks and figures are pure too: the same files give the same table anywhere.
    files: ['src/core/**/*.ts', 'src/worlds/**/*.ts', 'src/traces/study/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/worlds/**/browser*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', noUiInCore],
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
);
