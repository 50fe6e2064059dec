import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWritable, CliError, writeWhole } from './io';
import { CLI } from './spawnTesting';

/** Every file the CLI writes is whole or absent: checked before the work, created only when whole. */
const dir = () => mkdtempSync(join(tmpdir(), 'vp-whole-'));

describe('checkWritable', () => {
  it('creates nothing: no file, no probe left behind', () => {
    const d = dir();
    checkWritable(join(d, 'out.json'));
    expect(readdirSync(d)).toEqual([]);
  });

  it('refuses a folder, a missing folder and a path through a file, before any work', () => {
    const d = dir();
    writeFileSync(join(d, 'plain'), 'x');
    expect(() => checkWritable(d)).toThrow(/EISDIR/);
    expect(() => checkWritable(join(d, 'missing', 'out.json'))).toThrow(/ENOENT/);
    expect(() => checkWritable(join(d, 'plain', 'out.json'))).toThrow(/ENOTDIR/);
    expect(readdirSync(d)).toEqual(['plain']);
  });
});

describe('writeWhole', () => {
  it('replaces a file whole and leaves no temporary file', () => {
    const d = dir();
    const f = join(d, 'trace.json');
    writeFileSync(f, 'old');
    writeWhole(f, 'new content');
    expect(readFileSync(f, 'utf8')).toBe('new content');
    expect(readdirSync(d)).toEqual(['trace.json']);
  });

  it('a write that cannot land leaves what was there, and no temporary file', () => {
    const d = dir();
    mkdirSync(join(d, 'taken'));
    writeFileSync(join(d, 'taken', 'keep'), 'kept');
    expect(() => writeWhole(join(d, 'taken'), 'x')).toThrow(CliError);
    expect(readdirSync(d)).toEqual(['taken']);
    expect(readFileSync(join(d, 'taken', 'keep'), 'utf8')).toBe('kept');
  });
});

describe('a CLI killed while it works leaves no file behind', () => {
  it('play --out: killed mid-episode, OUT was never created; played to the end, OUT is the whole trace', async () => {
    const d = dir();
    const out = join(d, 'trace.json');
    const task = JSON.stringify({ id: 'march-orders' });
    const play = (input: (child: ReturnType<typeof spawn>) => void) =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, [...CLI, 'play', '--world', 'tripwire', '--task', task, '--out', out], { stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        let fed = false;
        child.stdout.on('data', (b: Buffer) => {
          stdout += b.toString();
          if (!fed && stdout.includes('\n')) {
            fed = true;
            input(child);
          }
        });
        child.on('close', () => resolve(stdout));
      });
    await play((child) => {
      // The episode is under way (its first line is out): nothing is written yet.
      expect(existsSync(out)).toBe(false);
      child.kill('SIGKILL');
    });
    expect(readdirSync(d)).toEqual([]);
    const stdout = await play((child) => {
      child.stdin!.write(`${JSON.stringify({ name: 'submit_answer', arguments: { answer: '16' } })}\n`);
      child.stdin!.end();
    });
    expect(stdout).toContain('"scorecard"');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ world: 'tripwire', steps: [{}] });
    expect(readdirSync(d)).toEqual(['trace.json']);
  }, 60_000);
});
