import type { EndpointConfig } from './endpoint';

/**
 * Query (or fragment) parameters that carry a credential: Google's `key`,
 * proxies' `token`, `api_key`, `access_token`, signed URLs' `sig`. Matched
 * loosely on purpose: a false hit only means a parameter is not remembered
 * across reloads, a miss means a credential is written to disk.
 */
const CREDENTIAL_PARAM = /key|token|secret|pass(word|wd)?|pwd|auth|sig(nature)?|credential/i;

const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i;

interface Parts {
  head: string;
  userinfo: string | null;
  query: string | null;
  fragment: string | null;
}

/** Split by hand rather than with URL: what is kept must be exactly what the person typed. */
function split(url: string): Parts {
  const hash = url.indexOf('#');
  const fragment = hash >= 0 ? url.slice(hash + 1) : null;
  const beforeHash = hash >= 0 ? url.slice(0, hash) : url;
  const q = beforeHash.indexOf('?');
  const query = q >= 0 ? beforeHash.slice(q + 1) : null;
  let head = q >= 0 ? beforeHash.slice(0, q) : beforeHash;
  const m = USERINFO.exec(head);
  const userinfo = m ? m[2]! : null;
  if (m) head = m[1]! + head.slice(m[0].length);
  return { head, userinfo, query, fragment };
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

const params = (text: string | null) =>
  (text ?? '')
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      return { raw: p, name: decode(eq >= 0 ? p.slice(0, eq) : p), value: eq >= 0 ? decode(p.slice(eq + 1)) : '' };
    });

const kept = (text: string | null) =>
  params(text)
    .filter((p) => !CREDENTIAL_PARAM.test(p.name))
    .map((p) => p.raw);

/** The base URL as it may be written down: no user:password@, no credential parameters. */
export function stripCredentials(url: string): string {
  const { head, query, fragment } = split(url);
  const q = kept(query);
  const f = kept(fragment);
  return `${head}${q.length ? `?${q.join('&')}` : ''}${f.length ? `#${f.join('&')}` : ''}`;
}

/** The credential values a base URL carries: what stripCredentials removes. */
export function urlSecrets(url: string): string[] {
  const { userinfo, query, fragment } = split(url);
  const out: string[] = [];
  if (userinfo)
    out.push(
      ...userinfo
        .split(':')
        .map(decode)
        .filter((s) => s !== ''),
    );
  for (const p of [...params(query), ...params(fragment)]) if (CREDENTIAL_PARAM.test(p.name) && p.value !== '') out.push(p.value);
  return out;
}

/**
 * Every value a request to this endpoint carries that must never be written
 * down: the key, each extra header value (any may be a credential), and the
 * URL's credentials. A server can echo any of them back.
 */
export function secretsOf(config: EndpointConfig): string[] {
  const out = urlSecrets(config.baseUrl);
  if (config.apiKey) out.push(config.apiKey);
  out.push(...Object.values(config.extraHeaders ?? {}));
  return out;
}
