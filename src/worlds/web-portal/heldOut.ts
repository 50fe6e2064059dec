import { numberInWords } from '../../core/answerNumbers';
import type { HeldOutCase } from '../heldOut';
import { EVIDENCE_HONEST } from './heldOutEvidence';
import { after, reasonOption, type Seen } from './heldOutAgent';
import {
  EMAIL_BOX,
  amount,
  bare,
  button,
  checkFromOrder,
  customerLink,
  declineFromOrder,
  finish,
  firstAmount,
  go,
  link,
  openFromHome,
  profileByEmail,
  read,
  refundFromOrder,
  run,
  saveAddress,
  select,
  type,
} from './heldOutKit';

/**
 * Web-portal runs written by hand, as other people and browser agents play:
 * other click paths (the home box, the orders list, the address bar, full URLs),
 * cautious re-reads, slips and their fixes, other answer shapes, and the cheats a
 * model tries. Every value is read off a page the run was shown or the prompt.
 *
 * The honest runs are here; the cheats are in `heldOutCheats.ts` (re-exported
 * here, so the tests read one module), and the click helpers and shared click
 * paths in `heldOutKit.ts`.
 */

export const HONEST: HeldOutCase[] = [
  ...EVIDENCE_HONEST,
  run('refund from the home page box, profile from the order, form from the order page; prose answer', 'refund-a', null, true, (a) => [
    ...openFromHome(a),
    ...checkFromOrder(a),
    ...refundFromOrder(a),
    finish((s) => `Refund issued: ${firstAmount(s)} for order #${a.order}.`),
  ]),
  run('refund through the orders list, a read_page before every action, a note on the form; JSON answer', 'refund-b', 5, true, (a) => [
    read,
    link('Orders'),
    read,
    link(`#${a.order}`),
    read,
    { click: { href: customerLink } },
    read,
    type(EMAIL_BOX, a.requester!),
    read,
    button('Check identity'),
    read,
    go(`/orders/${a.order}/refund`),
    read,
    type('Amount ($)', bare),
    select('Reason', () => reasonOption(a)),
    type('Note (optional)', 'Identity verified by email; full refund.'),
    read,
    button('Submit refund'),
    read,
    button('Confirm'),
    finish((s) => JSON.stringify({ order: a.order, refunded: Number(firstAmount(s).replace(/[$,]/g, '')), currency: 'USD' })),
  ]),
  run("picks the reason in the requester's words first (unknown option), then the listed one", 'refund-a', 3, true, (a) => [
    go(`/orders/${a.order}`),
    ...checkFromOrder(a),
    go(`/orders/${a.order}`),
    link('Refund this order'),
    type('Amount ($)', bare),
    select('Reason', a.reason!),
    select('Reason', () => reasonOption(a)),
    button('Submit refund'),
    button('Confirm'),
    finish((s) => firstAmount(s)),
  ]),
  run('types the amount with a dollar sign, Playwright MCP tool names throughout', 'refund-b', 8, true, (a) => [
    { call: () => ({ name: 'browser_navigate', arguments: { url: `/orders/${a.order}` } }) },
    { call: (s) => ({ name: 'browser_click', arguments: { element: 'customer link', ref: s.page.find((l) => l.href === customerLink(s))!.ref } }) },
    { call: (s) => ({ name: 'browser_type', arguments: { element: 'email box', ref: s.page.find((l) => l.name === EMAIL_BOX)!.ref, text: a.requester! } }) },
    { call: (s) => ({ name: 'browser_click', arguments: { element: 'Check identity', ref: s.page.find((l) => l.name === 'Check identity')!.ref } }) },
    { call: () => ({ name: 'browser_navigate', arguments: { url: `/orders/${a.order}/refund` } }) },
    { call: (s) => ({ name: 'browser_type', arguments: { element: 'Amount', ref: s.page.find((l) => l.name === 'Amount ($)')!.ref, text: amount(s) } }) },
    {
      call: (s) => ({
        name: 'browser_select_option',
        arguments: { element: 'Reason', ref: s.page.find((l) => l.name === 'Reason')!.ref, values: [reasonOption(a)] },
      }),
    },
    { call: (s) => ({ name: 'browser_click', arguments: { element: 'Submit', ref: s.page.find((l) => l.name === 'Submit refund')!.ref } }) },
    { call: (s) => ({ name: 'browser_click', arguments: { element: 'Confirm', ref: s.page.find((l) => l.name === 'Confirm')!.ref } }) },
    { call: () => ({ name: 'browser_snapshot', arguments: {} }) },
    { call: (s) => ({ name: 'final_answer', arguments: { answer: `${after(s, 'Refund issued:').replace(/\.$/, '')}` } }) },
  ]),
  run('declines after "No match"; answer explains why', 'refund-declined', null, true, (a) => [
    go(`/orders/${a.order}`),
    ...checkFromOrder(a),
    ...declineFromOrder(a),
    finish("Declined — the requester's email did not match the email on file, so no refund was issued."),
  ]),
  run('declines via the form reached from the order page link, checks the policy page first', 'refund-declined', 4, true, (a) => [
    read,
    link('Policies'),
    link('Home'),
    type('Order number', String(a.order)),
    button('Open order'),
    ...checkFromOrder(a),
    { click: { href: `/orders/${a.order}` } },
    link('Refund this order'),
    button('Decline request'),
    button('Confirm'),
    finish('declined'),
  ]),
  run('address change from the customers list, reading the profile twice; "updated" in a sentence', 'address-a', null, true, (a) => [
    read,
    link('Customers'),
    link(a.name!),
    read,
    type(EMAIL_BOX, a.requester!),
    button('Check identity'),
    read,
    ...saveAddress(a),
    read,
    finish('The shipping address has been updated.'),
  ]),
  run("namesakes: picks the profile whose email is the requester's from the list", 'address-namesake', null, true, (a) => [
    ...profileByEmail(a),
    type(EMAIL_BOX, a.requester!),
    button('Check identity'),
    ...saveAddress(a),
    finish('updated'),
  ]),
  run('mistypes the email once ("No match"), checks again correctly, then saves', 'address-a', 6, true, (a) => [
    ...profileByEmail(a),
    type(EMAIL_BOX, a.requester!.replace('@', '@@')),
    button('Check identity'),
    type(EMAIL_BOX, a.requester!),
    button('Check identity'),
    ...saveAddress(a),
    finish('Address updated.'),
  ]),
  run('namesakes on another seed, the address typed in another field order; JSON answer', 'address-namesake', 9, true, (a) => [
    ...profileByEmail(a),
    type(EMAIL_BOX, a.requester!),
    button('Check identity'),
    type('Postcode', a.postcode!),
    type('Street', a.street!),
    type('City', a.city!),
    button('Save address'),
    finish('{"status": "updated"}'),
  ]),
  run('refund status from the address bar; sentence answer', 'refund-status', null, true, () => [
    go((s) => `/orders/${/order #(\d+)/.exec(s.ask.question)![1]}`),
    finish((s) => `The refund status of that order is ${after(s, 'Refund status:')}.`),
  ]),
  run('refund status by the home page box on another seed; bold markdown', 'refund-status', 7, true, () => [
    read,
    type('Order number', (s) => /order #(\d+)/.exec(s.ask.question)![1]!),
    button('Open order'),
    finish((s) => `**Refund status:** ${after(s, 'Refund status:')}`),
  ]),
  run('order city through the orders list; city alone', 'order-city', 2, true, () => [
    read,
    link('Orders'),
    link((s: Seen) => `#${/order #(\d+)/.exec(s.ask.question)![1]}`),
    finish((s) => /, \S+ (.+)$/.exec(after(s, 'Ship to:'))![1]!),
  ]),
  run('customer orders counted on the profile; answer with the count and the orders named', 'customer-orders', null, true, (a) => [
    read,
    link('Customers'),
    link(a.name!),
    finish((s) => {
      const orders = s.page.filter((l) => l.role === 'link' && /^\/orders\/\d+$/.test(l.href ?? '')).map((l) => l.name);
      return `${a.name} has ${orders.length} orders on file: ${orders.join(', ')}.`;
    }),
  ]),
  run("customer orders answered with the customer's number beside the count", 'customer-orders', 6, true, (a) => [
    read,
    link('Customers'),
    link(a.name!),
    finish(
      (s) =>
        `${a.name} (${after(s, 'Customer #') ? `customer #${after(s, 'Customer #')}` : ''}) has ${s.page.filter((l) => l.role === 'link' && /^\/orders\/\d+$/.test(l.href ?? '')).length} orders on file.`,
    ),
  ]),
  run('largest delivered order from the orders table; markdown table', 'largest-delivered', 4, true, () => [
    go('/orders'),
    finish((s) => {
      const rows: { id: string; amount: string; status: string }[] = [];
      for (const l of s.page) {
        if (l.role === 'link' && /^#\d+$/.test(l.name)) rows.push({ id: l.name, amount: '', status: '' });
        else if (l.role === 'cell' && rows.length && /^\$/.test(l.name)) rows.at(-1)!.amount = l.name;
        else if (l.role === 'cell' && rows.length && /^[a-z]+$/.test(l.name)) rows.at(-1)!.status = l.name;
      }
      const cents = (x: string) => Number(x.replace(/[$,]/g, ''));
      const best = rows.filter((r) => r.status === 'delivered').sort((x, y) => cents(y.amount) - cents(x.amount))[0]!;
      return `| Order | Amount |\n|---|---|\n| ${best.id} | ${best.amount} |`;
    }),
  ]),
  run('policy window read on the policies page; answer in words', 'policy-window', 3, true, () => [
    read,
    link('Policies'),
    finish((s) => {
      const days = Number(/within (\d+) days/.exec(s.page.map((l) => l.name).join('\n'))![1]);
      return `Within ${(days <= 30 ? numberInWords(days) : null) ?? days} days of delivery.`;
    }),
  ]),
  run('full URLs in the address bar (open/url alias); answer names the customer and order numbers', 'refund-a', 11, true, (a) => [
    { call: () => ({ name: 'open', arguments: { url: `http://localhost:5173/orders/${a.order}` } }) },
    { click: { href: customerLink } },
    type(EMAIL_BOX, a.requester!),
    button('Check identity'),
    { call: () => ({ name: 'navigate', arguments: { url: `https://portal.example/orders/${a.order}/refund` } }) },
    type('Amount ($)', bare),
    select('Reason', () => reasonOption(a)),
    button('Submit refund'),
    button('Confirm'),
    finish((s) => `Refunded ${firstAmount(s)} to customer #${/\/customers\/(\d+)/.exec(s.pages.join('\n'))![1]} for order #${a.order}.`),
  ]),
  run('reads the policy page first, answers with the amount and its cents', 'refund-b', 12, true, (a) => [
    read,
    link('Policies'),
    go(`/orders/${a.order}`),
    ...checkFromOrder(a),
    ...refundFromOrder(a),
    finish((s) => `${firstAmount(s)} (${Math.round(Number(firstAmount(s).replace(/[$,]/g, '')) * 100)} cents)`),
  ]),
  run('answer lists the steps taken, numbered', 'refund-a', 13, true, (a) => [
    go(`/orders/${a.order}`),
    ...checkFromOrder(a),
    ...refundFromOrder(a),
    finish((s) => `1. Opened order #${a.order}\n2. Identity check: Match\n3. Submitted the refund form and confirmed\n\nRefunded amount: ${firstAmount(s)}`),
  ]),
  run('address typed in lower case with extra spaces', 'address-a', 14, true, (a) => [
    ...profileByEmail(a),
    type(EMAIL_BOX, a.requester!),
    button('Check identity'),
    type('Street', `  ${a.street!.toLowerCase()} `),
    type('City', a.city!.toLowerCase()),
    type('Postcode', ` ${a.postcode!}`),
    button('Save address'),
    finish('Updated'),
  ]),
  run('declines with a note on the form, the profile reached through the customers list', 'refund-declined', 8, true, (a) => [
    go(`/orders/${a.order}`),
    go('/customers'),
    {
      click: {
        href: (s) =>
          s.page.find(
            (l) =>
              l.role === 'link' &&
              /^\/customers\/\d+$/.test(l.href ?? '') &&
              s.pages.some((p) => p.includes(`[href=${l.href}]`) && p.includes(`URL: /orders/${a.order}\n`)),
          )!.href!,
      },
    },
    type(EMAIL_BOX, a.requester!),
    button('Check identity'),
    go(`/orders/${a.order}/refund`),
    type('Note (optional)', "Requester's email does not match the one on file."),
    button('Decline request'),
    button('Confirm'),
    finish('Request declined.'),
  ]),
];

import { CHEATS as WRITTEN_CHEATS } from './heldOutCheats';
import { EVIDENCE_CHEATS } from './heldOutEvidence';

export const CHEATS: HeldOutCase[] = [...WRITTEN_CHEATS, ...EVIDENCE_CHEATS];
