// Reading and pressing what the extension puts in a page's closed shadow roots, over CDP (the page's
// own scripts, and Playwright's locators, cannot reach inside them).
import type { BrowserContext, Page } from 'playwright-core';

type Cdp = Awaited<ReturnType<BrowserContext['newCDPSession']>>;
type Node = { nodeName: string; nodeValue?: string; backendNodeId: number; attributes?: string[]; children?: Node[]; shadowRoots?: Node[] };

const attr = (n: Node, name: string) => {
  const a = n.attributes ?? [];
  const i = a.indexOf(name);
  return i >= 0 && i % 2 === 0 ? a[i + 1] : undefined;
};

function find(n: Node, test: (n: Node) => boolean): Node | null {
  if (test(n)) return n;
  for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) {
    const f = find(c, test);
    if (f) return f;
  }
  return null;
}

async function withDocument<T>(context: BrowserContext, page: Page, use: (root: Node, cdp: Cdp) => Promise<T>): Promise<T> {
  const cdp = await context.newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    return await use(root as Node, cdp);
  } finally {
    await cdp.detach();
  }
}

/** The text of our element with id `hostId` (its style left out, parts joined by " | "), or null when the page has none. */
export function shadowText(context: BrowserContext, page: Page, hostId: string): Promise<string | null> {
  return withDocument(context, page, async (root) => {
    const host = find(root, (n) => attr(n, 'id') === hostId);
    if (!host) return null;
    const text: string[] = [];
    const walk = (n: Node) => {
      if (n.nodeName === 'STYLE') return;
      if (n.nodeName === '#text' && n.nodeValue?.trim()) text.push(n.nodeValue.trim());
      for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) walk(c);
    };
    walk(host);
    return text.join(' | ');
  });
}

/** Moves keyboard focus to our button with this data-action, as Tab would; false when there is none. */
export function focusShadowButton(context: BrowserContext, page: Page, action: string): Promise<boolean> {
  return withDocument(context, page, async (root, cdp) => {
    const button = find(root, (n) => attr(n, 'data-action') === action);
    if (button) await cdp.send('DOM.focus', { backendNodeId: button.backendNodeId });
    return button !== null;
  });
}
