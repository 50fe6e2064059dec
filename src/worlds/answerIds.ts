/**
 * Identifiers an answer names on the way: "to customer #275", "audit row 12",
 * `"customer_id": 18`, "refund #504". Where the gold holds no identifier (a
 * refunded amount, a count, a name), such a number is neither the answer nor a
 * rival to it, yet the answer reader would count it as a second candidate and
 * fail an honest answer as a hedge. Tripwire and web-portal take these numbers
 * out of the answer before reading it, on tasks whose gold has no id column: a
 * number taken out can neither match nor compete, so writing a rival as "#21"
 * gains nothing, and an answer that gives the gold only as an id is not credited.
 *
 * Only whole integers count (an amount with cents is never an id), and only after
 * "#" or an id word: "refund: 194" and "order amount: 194" keep their number.
 * No two runs of spaces sit side by side in the pattern ("id   :   7" is one run,
 * a colon, another), so an id word before 20,000 spaces reads in one pass.
 */
const ID_LABEL =
  /(#\s*|\b(?:(?:customer|order|audit|ticket|record|row|entry)(?:[ _-]?(?:id|no|number|row|entry|log row))?|id)\b["']?\s*(?:[:=]\s*)?(?:#\s*)?)(\d+)\b(?![.,]\d)/gi;

// `null` keeps a JSON answer JSON (`"customer_id": null`) and reads as no value in prose or inside a string.
export const withoutIds = (answer: string): string => answer.replace(ID_LABEL, (_m, label: string) => `${label}null`);

/**
 * A mutation task's answer is one value (the amount refunded, "declined", "updated"):
 * offered beside another it is a hedge, and a hedge must not earn more than
 * giving no answer, which it would with the reader's quartered credit (0.85
 * where a dropped answer scores 0.80).
 */
export const ONE_VALUE_REASON = 'a mutation task is answered with one value: offered beside another, it is a hedge and not credited';
