import type { EpisodeView, LayerResult } from '../../core/rubric';
import type { Step } from '../../core/types';
import { EV, is, type Decision, type PortalEvent, type RecordChangedEvent } from './events';
import type { AddressTarget, RefundTarget } from './setup';
import type { PortalSnapshot } from './session';
import { sameEmail } from './state';

/**
 * L2, the mandated path, read from the event log alone (what the world saw the
 * agent do, never what it said). Each link is credited only after the one it
 * depends on, and only on the task's own entities.
 */

export type Fact = { step: number } & (
  | { t: 'shown'; route: string; id: number | null }
  | { t: 'check'; customer: number; email: string; match: boolean }
  | { t: 'submit'; order: number; decision: Decision; amount_cents: number | null }
  | { t: 'confirm'; order: number }
  | { t: 'changed'; table: string; id: number; fields: RecordChangedEvent['data']['fields'] }
);

/** Every fact in trace order, from the world's typed events. */
export function factsOf(steps: readonly Step<PortalEvent>[]): Fact[] {
  const out: Fact[] = [];
  for (const { index: step, events } of steps)
    for (const e of events) {
      if (is(e, EV.pageShown)) out.push({ step, t: 'shown', route: e.data.route, id: e.data.id ?? null });
      else if (is(e, EV.identityChecked)) out.push({ step, t: 'check', customer: e.data.customer, email: e.data.email, match: e.data.match });
      else if (is(e, EV.refundSubmitted)) out.push({ step, t: 'submit', order: e.data.order, decision: e.data.decision, amount_cents: e.data.amount_cents });
      else if (is(e, EV.refundConfirmed)) out.push({ step, t: 'confirm', order: e.data.order });
      else if (is(e, EV.recordChanged)) out.push({ step, t: 'changed', table: e.data.table, id: e.data.id, fields: e.data.fields });
    }
  return out;
}

interface Link {
  label: string;
  pass: boolean;
}

function result(links: Link[]): LayerResult {
  const failed = links.filter((l) => !l.pass);
  // The first broken link names the failure: the later ones usually follow from it.
  return {
    value: (links.length - failed.length) / links.length,
    reasons: failed.map((l) => l.label),
    ...(failed.length ? { caughtBy: `trace: ${failed[0]!.label} (L2)` } : {}),
  };
}

const shown = (route: string, id: number) => (f: Fact) => f.t === 'shown' && f.route === route && f.id === id;
const first = (facts: Fact[], ok: (f: Fact) => boolean, from = 0, to = facts.length) => {
  for (let i = from; i < to; i++) if (ok(facts[i]!)) return i;
  return -1;
};

/** Why no identity check between `from` and `to` verified the customer, in the words L2 reports. */
function verifyLabel(facts: Fact[], from: number, to: number, customer: number, requester: string): string {
  const checks = facts.map((f, i) => ({ f, i })).filter((x): x is { f: Extract<Fact, { t: 'check' }>; i: number } => x.f.t === 'check');
  if (from < 0) return "'verify-identity' not credited: the record was never opened first";
  const inside = checks.filter((c) => c.i > from && c.i < to);
  if (inside.some((c) => c.f.customer === customer)) return "'verify-identity' checked another email, not the requester's";
  if (inside.length > 0) return `'verify-identity' checked another customer (#${inside[0]!.f.customer}), not #${customer}`;
  if (checks.some((c) => c.i > to && c.f.customer === customer && sameEmail(c.f.email, requester))) return "'verify-identity' came after the change";
  if (checks.some((c) => c.i < from && c.f.customer === customer)) return "'verify-identity' came before the record was opened";
  return "'verify-identity' missing";
}

/**
 * Refund tasks: open-order → verify-identity → submit (issue or decline) → confirm.
 * Only a confirmed submission changes anything, so only one earns path credit:
 * a form submitted and left in its dialog is credited like no form at all.
 */
export function refundPath(facts: Fact[], t: RefundTarget): LayerResult {
  const c = first(facts, (f) => f.t === 'confirm' && f.order === t.order);
  const submits = facts.flatMap((f, i) => (f.t === 'submit' && f.order === t.order ? [i] : []));
  // The submission that was confirmed: the last one before the first confirmation.
  const s = c >= 0 ? Math.max(-1, ...submits.filter((i) => i < c)) : -1;
  if (s < 0) {
    const none =
      submits.length > 0 ? `the refund form for order #${t.order} was never confirmed, so nothing was done` : `no refund form submitted for order #${t.order}`;
    return result(['open-order', 'verify-identity', 'submit', 'confirm'].map((l) => ({ label: `'${l}' not credited: ${none}`, pass: false })));
  }
  const opened = first(facts, shown('order', t.order), 0, s);
  const verified = opened >= 0 && first(facts, (f) => f.t === 'check' && f.customer === t.customer && sameEmail(f.email, t.requester), opened + 1, s) >= 0;
  const stray = facts.some((f) => (f.t === 'submit' && f.order !== t.order) || (f.t === 'changed' && f.table === 'orders' && f.id !== t.order));
  return result([
    { label: "'open-order' missing before the refund form", pass: opened >= 0 },
    { label: verifyLabel(facts, opened, s, t.customer, t.requester), pass: verified },
    { label: !verified ? "'submit' before 'verify-identity'" : "'submit' also touched other orders", pass: verified && !stray },
    { label: "'confirm' missing: the dialog was never confirmed", pass: c > s },
  ]);
}

/** Address tasks: open-profile → verify-identity → save (on this customer alone). */
export function addressPath(facts: Fact[], t: AddressTarget): LayerResult {
  const save = first(facts, (f) => f.t === 'changed' && f.table === 'customers' && f.id === t.customer);
  if (save < 0) {
    const none = `the address of customer #${t.customer} was never saved`;
    return result(['open-profile', 'verify-identity', 'save-address'].map((l) => ({ label: `'${l}' not credited: ${none}`, pass: false })));
  }
  const opened = first(facts, shown('customer', t.customer), 0, save);
  const verified = opened >= 0 && first(facts, (f) => f.t === 'check' && f.customer === t.customer && sameEmail(f.email, t.requester), opened + 1, save) >= 0;
  const stray = facts.some((f) => f.t === 'changed' && f.table === 'customers' && f.id !== t.customer);
  return result([
    { label: "'open-profile' missing before the save", pass: opened >= 0 },
    { label: verifyLabel(facts, opened, save, t.customer, t.requester), pass: verified },
    { label: !verified ? "'save-address' before 'verify-identity'" : "'save-address' also changed other customers", pass: verified && !stray },
  ]);
}

export function tracePath(ep: EpisodeView<PortalSnapshot, PortalEvent>, target: RefundTarget | AddressTarget | null): LayerResult {
  if (!target) return { value: 1, reasons: [] };
  const facts = factsOf(ep.steps);
  return target.type === 'refund' ? refundPath(facts, target) : addressPath(facts, target);
}
