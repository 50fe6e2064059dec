/** A link's import source, checked before anything is fetched. */
export type LinkCheck = { ok: true; url: string; host: string; path: string; sameOrigin: boolean } | { ok: false; reason: string };

const SCHEME_REASONS: Record<string, string> = {
  'data:': 'data: addresses carry the file inside the link itself, so nothing says where it came from',
  'blob:': 'blob: addresses point into the memory of another page',
  'javascript:': 'javascript: addresses are code, not files',
};

export const ONLY_HTTP = 'Only http and https addresses, without a user name or password, can be imported.';

/** A long address shown in a message: enough to recognise it, never a wall of text. */
const shown = (s: string) => (s.length > 120 ? `${s.slice(0, 119)}…` : s);

/**
 * What a `?src=` link (or a typed address) would fetch, or why it is refused.
 * Only absolute http(s) addresses: a relative one would be resolved against
 * whatever page the link was opened on, and other schemes either carry their
 * content in the link itself (data:, javascript:) or are not the web. Userinfo
 * is refused because fetch() will not send it and a link should not hold it.
 */
export function checkImportLink(src: string, pageOrigin: string): LinkCheck {
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return { ok: false, reason: `“${shown(src)}” is not a web address: a link names a whole address, from https:// on` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: SCHEME_REASONS[url.protocol] ?? `${url.protocol} addresses are not fetched from a link` };
  if (url.username || url.password) return { ok: false, reason: 'the address carries a user name or password' };
  url.hash = '';
  return { ok: true, url: url.href, host: url.host, path: `${url.pathname}${url.search}`, sameOrigin: url.origin === pageOrigin };
}
