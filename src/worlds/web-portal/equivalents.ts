import type { Variant, VariantOperator } from '../../core/contract';
import type { ToolCall } from '../../core/types';
import { link } from './script';
import { compile, finishAt, go, linkAt, READ, retype, savedAddress, splice, typedInto, viewOf } from './splice';

/**
 * The portal's equivalent operators: runs that differ from the oracle's only in
 * what the contract leaves free — extra reads, the order of independent steps,
 * a person's way through the pages — and must score exactly the oracle's reward.
 */

export const extraReads: VariantOperator = {
  id: 'extra-reads',
  kind: 'equivalent',
  description:
    'harmless extra reads: read_page before or after every call, /policy and /orders visited first, before the answer, or before any link the oracle follows',
  apply: (run) => {
    const v = viewOf(run);
    const fin = finishAt(v.calls);
    const out: Variant[] = [
      { label: 'read_page before every call', calls: v.calls.flatMap((c) => [READ, c]) },
      { label: 'read_page after every call', calls: v.calls.flatMap((c) => (c.name === 'finish' ? [c] : [c, READ])) },
      { label: 'policy and orders first', calls: [go('/policy'), go('/orders'), go('/'), ...v.calls] },
      { label: 'policy and orders before the answer', calls: splice(v.calls, fin, fin, [go('/policy'), go('/orders')]) },
    ];
    v.calls.forEach((c, i) => {
      if (c.name === 'go' || linkAt(v, i) !== null)
        out.push({ label: `policy visited before call ${i}`, calls: splice(v.calls, i, i, [go('/policy'), go(v.states[i]!.path)]) });
    });
    return out;
  },
};

export const reordered: VariantOperator = {
  id: 'reordered',
  kind: 'equivalent',
  description: 'independent steps reordered: two boxes of one form filled the other way round, the address typed before the check, the extra visits swapped',
  apply: (run) => {
    const v = viewOf(run);
    const out: Variant[] = [{ label: 'orders then policy first', calls: [go('/orders'), go('/policy'), go('/'), ...v.calls] }];
    const fills = (c: ToolCall) => c.name === 'type' || c.name === 'select';
    const refOf = (c: ToolCall) => JSON.stringify((c.arguments as { ref?: unknown }).ref);
    for (let i = 0; i + 1 < v.calls.length; i++) {
      const [a, b] = [v.calls[i]!, v.calls[i + 1]!];
      if (fills(a) && fills(b) && refOf(a) !== refOf(b)) out.push({ label: `calls ${i} and ${i + 1} swapped`, calls: splice(v.calls, i, i + 2, [b, a]) });
    }
    if (v.setup.target?.type === 'address') {
      const email = v.find(typedInto('customer.check-email'));
      const street = v.find(typedInto('customer.street'));
      const save = v.find(savedAddress);
      const form = v.calls.slice(street, save);
      out.push({
        label: 'address typed before the check',
        calls: [...v.calls.slice(0, email), ...form, ...v.calls.slice(email, street), ...v.calls.slice(save)],
      });
    }
    return out;
  },
};

export const personPath: VariantOperator = {
  id: 'person-path',
  kind: 'equivalent',
  description:
    "a person's path and an agent's: no read_page (arriving on a page shows it), links followed with go or full URLs, the order opened from the address bar or the orders list, its number written as people write it",
  apply: (run) => {
    const v = viewOf(run);
    const asGo = (prefix: string) =>
      v.calls.map((c, i) => {
        const href = linkAt(v, i);
        if (href !== null) return go(`${prefix}${href}`);
        return c.name === 'go' ? go(`${prefix}${String((c.arguments as { path?: unknown }).path)}`) : c;
      });
    const out: Variant[] = [
      { label: 'no read_page', calls: v.calls.filter((c) => c.name !== 'read_page') },
      { label: 'links as go', calls: asGo('') },
      { label: 'links as full URLs', calls: asGo('https://portal.example') },
    ];
    const box = v.find(typedInto('home.find'));
    if (box >= 0) {
      const order = String((v.calls[box]!.arguments as { text?: unknown }).text).trim();
      out.push(
        { label: 'order from the address bar', calls: splice(v.calls, box, box + 2, [go(`/orders/${order}`)]) },
        {
          label: 'order from the orders list',
          calls: splice(
            v.calls,
            box,
            box + 2,
            compile(v.setup, v.states[box]!, [{ click: link('Orders') }, { click: link(`#${order}`, `/orders/${order}`) }]).calls,
          ),
        },
        { label: 'order number typed as "#N"', calls: retype(v, box, ` #${order} `) },
      );
    }
    return out;
  },
};
