// The few tab operations the popup and options page use.
import browser from 'webextension-polyfill';

export async function openTab(url: string): Promise<void> {
  await browser.tabs.create({ url });
}

/**
 * The active tab's URL. Readable because the user opened the popup on that tab (activeTab);
 * undefined otherwise. Only the URL is used, never the page's content.
 */
export async function activeTabUrl(): Promise<string | undefined> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  const url = tab?.url;
  return url && !url.startsWith(browser.runtime.getURL('')) ? url : undefined;
}
