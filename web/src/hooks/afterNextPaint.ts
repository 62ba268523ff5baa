/**
 * Runs `run` once the browser has painted the frame after this call (a timer set in an animation
 * frame runs after that frame's paint). Returns a cancel. What the first view of a page does not
 * need (the next parts of the page, a page-view count, reads for later) waits for it, instead of
 * competing with that view for the network and the main thread (docs/performance.md, "Web").
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
