// The page's <video> for the content scripts' tests: jsdom plays nothing, so a video's length and
// time are set on the element, as a playing one reports them.

/** A video of `duration` seconds, added to the page, at its start. */
export function video(duration: number): HTMLVideoElement {
  const v = document.createElement('video');
  Object.defineProperty(v, 'duration', { value: duration, configurable: true });
  Object.defineProperty(v, 'currentTime', { value: 0, writable: true, configurable: true });
  document.body.append(v);
  return v;
}

/** The video played to `seconds`, as its timeupdate tells. */
export function playTo(v: HTMLVideoElement, seconds: number): void {
  v.currentTime = seconds;
  v.dispatchEvent(new Event('timeupdate'));
}
