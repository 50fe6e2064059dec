import { readFileSync } from 'node:fs';
import { runEpisode } from '../../core/episode';
import type { Trace } from '../../core/types';
import { faultApiWorld, taskFromParams } from '../../worlds/fault-api/index';
import { carefulSolver, trustingSolver } from '../../worlds/fault-api/solvers';
import { params } from '../../worlds/fault-api/testing';

export const ERAS = ['v0.1.2.post1', 'v0.1.3-v0.1.5', 'v0.1.6-v0.1.9', 'v0.1.10', 'v0.2', 'completion-mode'] as const;
export type Era = (typeof ERAS)[number];

export function fixture(era: Era, file: 'results.jsonl' | 'metadata.json'): string {
  return readFileSync(new URL(`./fixtures/${era}/${file}`, import.meta.url), 'utf8');
}

/** Native traces made by running the fault-api world, instead of committing large files. */
export async function nativeTraces(): Promise<Trace[]> {
  return [
    await runEpisode(faultApiWorld, taskFromParams(params('hostile', 2)), carefulSolver()),
    await runEpisode(faultApiWorld, taskFromParams(params('realistic', 5)), trustingSolver()),
  ];
}

/** Cut text into pieces of `size` characters: chunk boundaries land everywhere, including inside CRLF and escapes. */
export function chunksOf(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
