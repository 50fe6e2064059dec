/** Change the hash route. `replace` keeps step-by-step moves out of the Back history. */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.location.replace(href);
  else window.location.hash = href.replace(/^#/, '');
}
