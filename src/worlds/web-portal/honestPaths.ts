import { addressForm, honestMutation, refundForm } from './paths';
import { button, checkIdentity, combobox, link, openOrder, textbox, type ScriptStep } from './script';
import type { Setup } from './setup';

/**
 * Honest ways through the mutation tasks that differ from the oracle's: lists
 * instead of the home page's box, typed addresses instead of clicks, detours,
 * a mistyped check corrected, a dialog cancelled and resubmitted, a form error
 * fixed. Each must score 1.00 full on every mutation task: the verifier judges
 * the path the policy asks for, not one way of clicking it.
 */
export const HONEST_PATHS: Record<string, (s: Setup) => ScriptStep[]> = {
  oracle: (s) => honestMutation(s),

  'through the lists': (s) => {
    const t = s.target!;
    if (t.type === 'address') return [{ click: link('Orders') }, { click: link('Customers') }, ...checkIdentity(), ...addressForm, { finish: 'Updated.' }];
    return [
      { click: link('Orders') },
      { click: link('#{order}', '/orders/{order}') },
      ...checkIdentity(),
      { click: link('Orders') },
      { click: link('#{order}', '/orders/{order}') },
      { click: link('Refund this order') },
      ...refundForm(t.decision),
      { finish: t.decision === 'issue' ? 'Refunded ${amount} to the customer.' : 'Declined: the requester is not the customer on file.' },
    ];
  },

  'typed addresses': (s) => {
    const t = s.target!;
    if (t.type === 'address')
      return [
        { go: '/customers/{customer}' },
        { type: textbox("Requester's email"), text: '  {requester}  ' },
        { click: button('Check identity') },
        ...addressForm,
        { finish: 'updated' },
      ];
    return [
      { go: 'https://portal.example/orders/{order}' },
      { go: '/customers/{customer}' },
      { type: textbox("Requester's email"), text: '{requester}' },
      { click: button('Check identity') },
      { go: '/orders/{order}' },
      { go: '/orders/{order}/refund' },
      ...refundForm(t.decision),
      { finish: t.decision === 'issue' ? '{"refunded": {amount}}' : 'declined' },
    ];
  },

  'detours and corrections': (s) => {
    const t = s.target!;
    const wrongCheck: ScriptStep[] = [{ type: textbox("Requester's email"), text: 'someone@else.test' }, { click: button('Check identity') }];
    if (t.type === 'address')
      return [
        { read: 'visible' },
        { click: link('Policies') },
        { click: link('Customers') },
        ...(t.namesake !== null ? [{ click: link('{otherName}', '/customers/{other}') }, ...wrongCheck, { go: '/customers' }] : []),
        { click: link('{name}', '/customers/{customer}') },
        ...wrongCheck,
        { type: textbox("Requester's email"), text: '{requester}' },
        { click: button('Check identity') },
        { type: textbox('Street'), text: '' },
        { click: button('Save address') },
        ...addressForm,
        { read: 'visible' },
        { finish: 'The address is updated.' },
      ];
    const issue = t.decision === 'issue';
    return [
      { read: 'visible' },
      { click: link('Policies') },
      { go: '/' },
      ...openOrder(),
      { read: 'visible' },
      { click: link('{name}', '/customers/{customer}') },
      ...wrongCheck,
      { type: textbox("Requester's email"), text: '{requester}' },
      { click: button('Check identity') },
      { click: { role: 'link', href: '/orders/{order}' } },
      { click: link('Refund this order') },
      ...(issue
        ? [
            { click: button('Submit refund') },
            { type: textbox('Amount ($)'), text: '${amount}' },
            { select: combobox('Reason'), option: '{reason}' },
            { click: button('Submit refund') },
            { click: button('Cancel') },
            { click: button('Submit refund') },
            { click: button('Confirm') },
          ]
        : [{ click: button('Decline request') }, { click: button('Cancel') }, { click: button('Decline request') }, { click: button('Confirm') }]),
      { read: 'visible' },
      { finish: issue ? 'Done — refunded ${amount} in full (reason: {reason}).' : 'The request was declined and confirmed.' },
    ];
  },
};
