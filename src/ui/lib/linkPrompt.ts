import { clampText, hoverText } from './clamp';
import type { LinkCheck } from './importLink';

/** Every text the link prompt shows for a link (components/library/LinkImport.tsx draws them). */
export interface LinkPromptText {
  /** "this site" or "another site". */
  where: string;
  host: string;
  path: string;
  pathTitle: string;
  /** The host in the Import button (cut like Clamp cuts it), and its hover text. */
  buttonHost: string;
  buttonHostTitle: string;
}

export function linkPromptText(link: Extract<LinkCheck, { ok: true }>): LinkPromptText {
  return {
    where: link.sameOrigin ? 'this site' : 'another site',
    host: link.host,
    path: clampText(link.path, 400),
    pathTitle: hoverText(link.path),
    buttonHost: clampText(link.host, 60),
    buttonHostTitle: hoverText(link.host),
  };
}

/**
 * Marks the build draws the prompt with (index.html carries it for `#/traces?src=`
 * links) and the entry replaces with a link's texts before showing it
 * (lib/earlyLink.ts): private-use characters, which no text of ours contains.
 */
export const PROMPT_SLOTS: LinkPromptText = {
  where: '\uE000where\uE001',
  host: '\uE000host\uE001',
  path: '\uE000path\uE001',
  pathTitle: '\uE000pathTitle\uE001',
  buttonHost: '\uE000buttonHost\uE001',
  buttonHostTitle: '\uE000buttonHostTitle\uE001',
};

/** `text` with each mark replaced by its value: what the prompt shows, as the app draws it. */
export function fillSlots(text: string, values: LinkPromptText): string {
  return text.replace(/\uE000(\w+)\uE001/g, (mark, key: string) => (Object.hasOwn(values, key) ? values[key as keyof LinkPromptText] : mark));
}
