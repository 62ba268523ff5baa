// Notices the title page's video played to the end (lib/watched.ts says what counts): the page's
// <video> elements get a listener once each, a bounded number of them, and the first end calls
// `onEnd` once. Only the element's time and length are read, never its source or the page.
import { playedToEnd } from '../lib/watched';

/** Videos a page may hand us (sites swap their player's element; previews come and go), and elements looked at per scan. */
const MAX_VIDEOS = 32;
const MAX_SCAN = 200;
/** How often the page is looked at again for a video it added since. */
const SCAN_MS = 1000;

/** Starts watching `doc`'s videos; the returned function stops (the page moved to another title). */
export function watchVideoEnd(doc: Document, onEnd: () => void): () => void {
  const attached: HTMLVideoElement[] = [];
  let done = false;
  const probe = (e: Event) => {
    if (done || !playedToEnd(e.target as HTMLVideoElement)) return;
    done = true;
    stop();
    onEnd();
  };
  function scan(): void {
    const videos = doc.getElementsByTagName('video');
    for (let i = 0; i < videos.length && i < MAX_SCAN; i++) {
      const v = videos[i];
      if (attached.length >= MAX_VIDEOS) return;
      if (attached.includes(v)) continue;
      attached.push(v);
      v.addEventListener('timeupdate', probe);
      v.addEventListener('ended', probe);
    }
  }
  const timer = setInterval(scan, SCAN_MS);
  function stop(): void {
    clearInterval(timer);
    for (const v of attached) {
      v.removeEventListener('timeupdate', probe);
      v.removeEventListener('ended', probe);
    }
    attached.length = 0;
  }
  scan();
  return () => {
    done = true;
    stop();
  };
}
