import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe-core, put in every document a page loads (`page.addInitScript({ path: AXE_SOURCE })`, as a browser extension
 * would be), so a check only runs it: @axe-core/playwright injects it again for every check and finishes each in a
 * new blank page, which cost more than the checks themselves.
 */
export const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  nodes: { target: string[]; failureSummary: string | undefined }[];
}

/** axe run in the page on the whole document, or on what `include` selects; `rules` alone when given. */
export async function runAxe(page: Page, { rules, include }: { rules?: string[]; include?: string } = {}): Promise<{ found: AxeFinding[]; passes: number }> {
  return page.evaluate(
    async ({ only, within }) => {
      const axe = (window as unknown as { axe: { run(context: Document | { include: string[] }, options: RunOptions): Promise<AxeResults> } }).axe;
      const r = await axe.run(within ? { include: [within] } : document, only ? { runOnly: { type: 'rule', values: only } } : {});
      // Only what is read crosses back: the passes list names every node that passed.
      return {
        passes: r.passes.length,
        found: r.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
        })),
      };
    },
    { only: rules ?? null, within: include ?? null },
  );
}

/** Serious or critical findings. */
export const serious = (v: AxeFinding) => v.impact === 'serious' || v.impact === 'critical';
