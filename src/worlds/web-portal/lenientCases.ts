import { call, type LenientCases } from '../lenientCases';
import { webPortalWorld } from './index';
import { render } from './render';
import { WebPortalSession } from './session';
import { allNodes } from './page';
import { setupOfTask } from './tasks';

const WP_SPEC = { id: 'refund-a' };
/** Refs on web-portal's home page, where every episode starts. */
const wpRef = (() => {
  const task = webPortalWorld.makeTask(WP_SPEC);
  if (!task.ok) throw new Error(task.error);
  const nodes = allNodes(render(new WebPortalSession(task.value, setupOfTask(task.value)).current()).nodes);
  return (key: string) => nodes.find((n) => n.key === key)!.ref;
})();

/** The lenient reading's examples for this world (`lenient.test.ts` runs them). */
export const lenientCases: LenientCases = {
  world: webPortalWorld.id,
  spec: WP_SPEC,
  variants: [
    ['mcp prefix', call('mcp__browser__read_page', {}), call('read_page', {}), 'mcp__browser__read_page → read_page'],
    ['Playwright MCP name', call('browser_snapshot', {}), call('read_page', {}), 'browser_snapshot → read_page'],
    ['alias and synonym', call('navigate', { url: '/orders' }), call('go', { path: '/orders' }), 'navigate → go; argument url → path'],
    [
      'fill alias, value synonym',
      call('fill', { ref: wpRef('home.find'), value: '1043' }),
      call('type', { ref: wpRef('home.find'), text: '1043' }),
      'fill → type; argument value → text',
    ],
    [
      'camelCase name and argument',
      call('browserClick', { elementRef: wpRef('nav.orders') }),
      call('click', { ref: wpRef('nav.orders') }),
      'browserClick → click; argument elementRef → ref',
    ],
    ['JSON-string arguments', call('go', '{"path": "/policy"}'), call('go', { path: '/policy' }), 'arguments read from a JSON string'],
    ['argument case', call('go', { Path: '/customers' }), call('go', { path: '/customers' }), 'argument Path → path'],
    [
      'finish alias and synonym',
      call('final_answer', { result: 'declined' }),
      call('finish', { answer: 'declined' }),
      'final_answer → finish; argument result → answer',
    ],
  ],
  unknown: call('delete_order', {}),
  tools: 'read_page, click, type, select, go and finish',
  conflict: [call('go', { path: '/orders', url: '/policy' }), 'go: the arguments "path" and "url" both mean "path"; send it once'],
};
