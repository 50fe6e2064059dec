import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { importProgress } from '../lib/importRuns';
import { Progress } from './Progress';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('Progress', () => {
  it('counts in what the job is made of', () => {
    const html = renderToString(<Progress done={12} total={96} label="Running" unit="episodes" />);
    expect(text(html)).toBe('Running: 12 of 96 episodes');
    expect(html).toContain('aria-valuenow="13"');
    expect(text(renderToString(<Progress done={0} total={null} label="Batch" />))).toBe('Batch: starting…');
  });

  it('a file read counts its size, not bytes; read whole, it says what it waits on; a fetch of unknown length, what has come', () => {
    const bar = (job: { done: number; total: number | null }) => renderToString(<Progress {...importProgress(job)} label="Importing a.jsonl" />);
    const reading = bar({ done: 25_165_824, total: 75_701_453 });
    expect(text(reading)).toBe('Importing a.jsonl: 24.0 MB of 72.2 MB');
    expect(reading).toContain('aria-valuenow="33"');
    expect(reading).toContain('aria-valuetext="24.0 MB of 72.2 MB"');
    expect(text(bar({ done: 4096, total: 4096 }))).toBe('Importing a.jsonl: 4.0 kB read: checking it against the files kept, and keeping it');
    expect(text(bar({ done: 2048, total: null }))).toBe('Importing a.jsonl: 2.0 kB so far');
    expect(text(bar({ done: 0, total: null }))).toBe('Importing a.jsonl: 0 B so far');
  });
});
