import { type ReactNode, useEffect, useState } from 'react';

/**
 * The first page drawn in parts (decision 32). The app's first render replaces the static shell; done at once, it
 * renders the whole page in one task and the browser then styles and lays it all out in another, each well over
 * the 50 ms that makes a task long on a phone's CPU. Parts that the first screen does not need are wrapped in
 * `<Later>`: while the entry has the first page staged, each such part mounts in a task of its own, one after the
 * other, after the browser has drawn the one before, so both the rendering and the layout come in small pieces.
 * Outside the start-up (later pages, unit tests, the static shell's render), `<Later>` renders its children at once.
 */

let staging = false;
const waiting: (() => void)[] = [];
let scheduled = false;

/** Called by the entry before the first render: the `<Later>` parts of the first page mount one by one. */
export function stageFirstPage(): void {
  staging = true;
  // Ends the staging if the first page has no part to wait for.
  scheduleNext();
}

/** The next part, after the browser has drawn the page as it stands: a frame, then a task after that frame. */
function scheduleNext() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() =>
    setTimeout(() => {
      scheduled = false;
      waiting.shift()?.();
      if (waiting.length > 0) scheduleNext();
      // Every part is in: from now on a part renders with the rest of its page.
      else staging = false;
    }),
  );
}

/** Renders `children` once their turn comes during the start-up, `fallback` until then (nothing by default). */
export function Later({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [shown, setShown] = useState(() => !staging);
  useEffect(() => {
    if (shown) return;
    const show = () => setShown(true);
    waiting.push(show);
    scheduleNext();
    return () => {
      const index = waiting.indexOf(show);
      if (index >= 0) waiting.splice(index, 1);
    };
  }, [shown]);
  return shown ? children : fallback;
}
