import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyView } from './lazyView';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;
const render = (View: ReturnType<typeof lazyView<typeof Hello>>) =>
  renderToString(
    <Suspense fallback={<p>waiting</p>}>
      <View name="peeker" />
    </Suspense>,
  );

describe('lazyView', () => {
  it('suspends like React.lazy while its module is not loaded', () => {
    const View = lazyView(async () => ({ default: Hello }));
    expect(render(View)).toContain('waiting');
  });

  it('renders in the same pass once preloaded: no Suspense round, so no fallback to hold', async () => {
    let loads = 0;
    const View = lazyView(async () => (loads++, { default: Hello }));
    await View.preload();
    expect(render(View)).toContain('hello <!-- -->peeker');
    expect(render(View)).not.toContain('waiting');
    expect(loads).toBe(1);
  });

  it('a failed preload leaves the view to load (and fail) on render', async () => {
    const View = lazyView<typeof Hello>(() => Promise.reject(new Error('chunk 404')));
    await expect(View.preload()).rejects.toThrow('chunk 404');
    expect(render(View)).toContain('waiting');
  });
});
