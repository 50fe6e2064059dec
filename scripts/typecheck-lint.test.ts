import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript without declarations
import config, { TYPED_FILES } from '../eslint.config.js';
// @ts-expect-error -- plain JavaScript without declarations
import { eslintOver } from './typecheck-lint.mjs';

type Block = { files?: unknown; languageOptions?: { parserOptions?: { projectService?: unknown } } };

describe('the type check and the lint over one program (scripts/typecheck-lint.mjs)', () => {
  it('covers exactly the files eslint.config.js lints with type information', () => {
    const typed = (config as Block[]).filter((b) => b.languageOptions?.parserOptions?.projectService);
    expect(typed.map((b) => b.files)).toEqual([TYPED_FILES]);
  });

  it('runs the type-aware rules on the program it is given: a floating promise and an `any` read are reported', async () => {
    const path = resolve('src/core/__lint_probe__.ts');
    const text =
      'export async function f(): Promise<number> {\n  return 1;\n}\nexport function g(x: unknown): unknown {\n  f();\n  return (x as any).deep;\n}\n';
    const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, noEmit: true, types: [] };
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, ...rest) => (resolve(name) === path ? ts.createSourceFile(name, text, version, true) : read(name, version, ...rest));
    host.fileExists = (
      (exists) => (name: string) =>
        resolve(name) === path || exists(name)
    )(host.fileExists.bind(host));
    const program = ts.createProgram({ rootNames: [path], options, host });
    const [result] = await (
      eslintOver(program) as { lintText(t: string, o: { filePath: string }): Promise<{ messages: { ruleId: string | null }[] }[]> }
    ).lintText(text, { filePath: path });
    const rules = result!.messages.map((m) => m.ruleId);
    expect(rules).toContain('@typescript-eslint/no-floating-promises');
    expect(rules).toContain('@typescript-eslint/no-unsafe-member-access');
  });
});
