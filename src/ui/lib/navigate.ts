import { pageScrubber } from './model/secrets';

/** Change the hash route. `replace` keeps step-by-step moves out of the Back history. Secrets are masked, as in hrefFor. */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  const safe = pageScrubber().text(href);
  if (options.replace) window.location.replace(safe);
  else window.location.hash = safe.replace(/^#/, '');
}
