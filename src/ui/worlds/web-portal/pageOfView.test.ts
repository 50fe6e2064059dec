import { describe, expect, it } from 'vitest';
import { webPortalWorld } from '../../../worlds/web-portal/index';
import { flatten, pageOfView } from './pageOfView';

async function viewOf(id: string) {
  const task = webPortalWorld.makeTask({ id });
  if (!task.ok) throw new Error(task.error);
  const session = await webPortalWorld.open(task.value);
  return (session as unknown as { inspect(): Promise<Record<string, unknown>> }).inspect();
}

describe('pageOfView', () => {
  it('reads back the page the session rendered, node for node, hidden ones included', async () => {
    const view = await viewOf('refund-a');
    const page = pageOfView(JSON.parse(JSON.stringify(view)));
    expect(page).toEqual(view.page);
    const hidden = flatten(page!.nodes).filter((n) => n.hidden);
    expect(hidden.map((n) => n.key).sort()).toEqual(['footer.qa-key', 'nav.admin']);
  });

  it('is null without a page, and drops nodes it cannot read instead of drawing them wrong', () => {
    expect(pageOfView(null)).toBeNull();
    expect(pageOfView({ page: 'x' })).toBeNull();
    expect(pageOfView({ page: { path: '/', nodes: {} } })).toBeNull();
    const page = pageOfView({
      page: {
        path: '/',
        title: 'T',
        nodes: [{ ref: 'e1', key: 'a', role: 'button', name: 'Go' }, { ref: 'e2', key: 'b', role: 'marquee', name: 'x' }, { key: 'c', role: 'text' }, 7],
      },
    });
    expect(page!.nodes.map((n) => n.key)).toEqual(['a']);
  });
});
