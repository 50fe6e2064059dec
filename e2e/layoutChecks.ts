import type { Page } from '@playwright/test';

/** How far the page scrolls sideways; 0 when it fits its window. */
export async function sideScroll(page: Page): Promise<{ over: number; widest: string }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const over = root.scrollWidth - window.innerWidth;
    if (over <= 0) return { over, widest: '' };
    // Name the outermost element that sticks out, so a failure says where to look.
    let widest = '';
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 1 && r.width > 0) {
        widest = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} (right edge ${Math.round(r.right)}px)`;
        break;
      }
    }
    return { over, widest };
  });
}

/**
 * Pairs of text that a person would see printed over each other. Each leaf
 * text node's line boxes (a Range's client rects) are cut to what its
 * clipping ancestors let show, so text scrolled away inside its own box or
 * cut off by an ellipsis does not count; what is left of two different text
 * nodes must not intersect by more than `tolerance` px each way. SVG text is
 * left to the charts' own tests: a chart's labels are placed, not laid out.
 */
export async function overlappingText(page: Page, tolerance = 2): Promise<string[]> {
  return page.evaluate((tol) => {
    type Box = { l: number; t: number; r: number; b: number; text: string; node: Text };
    const clipOf = (el: Element): DOMRect | null => {
      let clip: { l: number; t: number; r: number; b: number } | null = null;
      for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible' || cs.clipPath !== 'none') {
          const r = a.getBoundingClientRect();
          clip = clip
            ? { l: Math.max(clip.l, r.left), t: Math.max(clip.t, r.top), r: Math.min(clip.r, r.right), b: Math.min(clip.b, r.bottom) }
            : { l: r.left, t: r.top, r: r.right, b: r.bottom };
        }
        if (cs.position === 'fixed') break;
      }
      return clip ? new DOMRect(clip.l, clip.t, clip.r - clip.l, clip.b - clip.t) : null;
    };
    // checkVisibility also sees content-visibility: the inside of a closed <details> is laid out nowhere.
    const visible = (el: Element) => el.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true });
    const boxes: Box[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const node = n as Text;
      const text = node.data.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('svg, script, style, noscript, option, textarea') || !visible(el)) continue;
      const clip = clipOf(el);
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        let l = r.left;
        let t = r.top;
        let rr = r.right;
        let b = r.bottom;
        if (clip) {
          l = Math.max(l, clip.left);
          t = Math.max(t, clip.top);
          rr = Math.min(rr, clip.right);
          b = Math.min(b, clip.bottom);
        }
        if (rr - l > tol && b - t > tol) boxes.push({ l, t, r: rr, b, text, node });
      }
    }
    boxes.sort((a, b) => a.t - b.t);
    const found: string[] = [];
    const say = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s);
    for (let i = 0; i < boxes.length && found.length < 20; i++) {
      const a = boxes[i]!;
      for (let j = i + 1; j < boxes.length && boxes[j]!.t < a.b - tol; j++) {
        const b = boxes[j]!;
        if (a.node === b.node) continue;
        const w = Math.min(a.r, b.r) - Math.max(a.l, b.l);
        const h = Math.min(a.b, b.b) - Math.max(a.t, b.t);
        if (w > tol && h > tol) found.push(`"${say(a.text)}" and "${say(b.text)}" at (${Math.round(Math.max(a.l, b.l))}, ${Math.round(Math.max(a.t, b.t))})`);
      }
    }
    return found;
  }, tolerance);
}
