// The page-side pieces the badge and the player's note share: elements built from attributes, and a
// card in a closed shadow root (the site's styles never reach it, nor its scripts our nodes).

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string>, text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.textContent = text;
  return node;
}

/** A host element `id` (replacing any earlier one) with its closed shadow root, its style, and an aside labelled `label`. */
export function shadowCard(id: string, css: string, label: string): { host: HTMLDivElement; root: ShadowRoot; card: HTMLElement; style: HTMLStyleElement } {
  document.getElementById(id)?.remove();
  const host = el('div', { id });
  const root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = css;
  const card = el('aside', { 'aria-label': label });
  return { host, root, card, style };
}
