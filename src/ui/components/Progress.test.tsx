import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describeBytes } from '../lib/importRuns';
import { Progress } from './Progress';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');

describe('Progress', () => {
  it('counts in what the job is made of; a file read is counted in its size, not a byte count', () => {
    expect(text(renderToString(<Progress done={12} total={96} label="Running" unit="episodes" />))).toBe('Running: 12 of 96 episodes');
    const read = renderToString(<Progress done={25_165_824} total={75_701_453} label="Importing a.jsonl" format={describeBytes} />);
    expect(text(read)).toBe('Importing a.jsonl: 24.0 MB of 72.2 MB');
    expect(read).toContain('aria-valuenow="33"');
    expect(read).toContain('aria-valuetext="24.0 MB of 72.2 MB"');
    expect(text(renderToString(<Progress done={0} total={null} label="Batch" />))).toBe('Batch: starting…');
  });
});
