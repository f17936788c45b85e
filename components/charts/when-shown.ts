/**
 * When a chart starts (issue 41, blocking time): one in view at once, one out of view when it is
 * scrolled to, or when the page is first idle, after those in view — its drawing, in the chart
 * worker, then does not compete with the page's first paint for the two cores.
 */

/** How long a chart out of view waits for the page's first idle moment at most. */
export const OUT_OF_VIEW_WAIT_MS = 3000;

/**
 * Calls `start` once: at once when `el` is in view (or the browser cannot tell), else when it comes
 * into view or the page is idle, whichever is first. Answers a function that cancels the wait.
 */
export function whenShown(el: Element, start: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    start();
    return () => {};
  }
  let done = false;
  let idle: (() => void) | undefined;
  const go = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    idle?.();
    start();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) go();
      else if (idle === undefined) idle = onIdle(go);
    },
    // Just below the fold counts as in view: it is drawn before the user gets there.
    { rootMargin: "0px 0px 200px 0px" },
  );
  observer.observe(el);
  return () => {
    done = true;
    observer.disconnect();
    idle?.();
  };
}

/** `fn` at the page's first idle moment (at most `OUT_OF_VIEW_WAIT_MS` away); answers its cancel. */
function onIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(fn, { timeout: OUT_OF_VIEW_WAIT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, OUT_OF_VIEW_WAIT_MS);
  return () => clearTimeout(id);
}
