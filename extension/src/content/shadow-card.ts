// The page-side pieces the badge and the player's note share: elements built from attributes, and a
// card in a closed shadow root (the site's styles never reach it, nor its scripts our nodes).

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string>, text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.textContent = text;
  return node;
}

/**
 * A host element `id` (replacing any earlier one) with its closed shadow root, its style, and an
 * aside labelled `label`, in the language `lang` (its direction too: Arabic is right to left).
 */
export function shadowCard(id: string, css: string, label: string, lang = 'en'): { host: HTMLDivElement; root: ShadowRoot; card: HTMLElement; style: HTMLStyleElement } {
  document.getElementById(id)?.remove();
  const host = el('div', { id });
  const root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = css;
  host.lang = lang;
  const card = el('aside', { 'aria-label': label, dir: lang === 'ar' ? 'rtl' : 'ltr' });
  return { host, root, card, style };
}
