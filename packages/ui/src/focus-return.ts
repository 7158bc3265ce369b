/**
 * Where focus was when a dialog opened, and where it goes when the dialog closes: back to the element that opened
 * it, or, when that element is gone (the address it would have deleted), to the nearest heading above where it
 * stood, inside the dialog it stood in if there was one, else to the page's main region.
 */

const HEADING = 'h1, h2, h3, h4, h5, h6';
const DIALOG = '[role="dialog"], [role="alertdialog"]';
/** How long a restored element is watched for being removed right after (the request behind a confirm). */
const WATCH_MS = 10_000;

const ancestorsOf = (element: HTMLElement | null) => {
  const ancestors: HTMLElement[] = [];
  for (let node = element?.parentElement; node && node !== document.body; node = node.parentElement) {
    ancestors.push(node);
  }
  return ancestors;
};

/** The element that last took focus and its ancestors then (once it is removed, they cannot be read from it). */
let lastFocused: { element: HTMLElement; ancestors: HTMLElement[] } | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement) {
        lastFocused = { element: event.target, ancestors: ancestorsOf(event.target) };
      }
    },
    true,
  );
}

export type FocusOrigin = {
  /** The element that had focus when the dialog opened. */
  element: HTMLElement | null;
  /** Its ancestors then, nearest first: where to look for a fallback once it is gone. */
  ancestors: HTMLElement[];
};

/** Call as the dialog opens, before it takes focus. */
export function captureFocusOrigin(): FocusOrigin {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) {
    return { element: active, ancestors: ancestorsOf(active) };
  }
  // Focus is on the body: the element that had it went disabled while its request ran (Add to Cart) or was
  // removed (a deleted address). The first still opened the dialog; for the second, where it stood still counts.
  if (!lastFocused) return { element: null, ancestors: [] };
  const { element, ancestors } = lastFocused;
  return { element: element.isConnected ? element : null, ancestors };
}

/** Call as the dialog closes. */
export function restoreFocus(origin: FocusOrigin): void {
  const { element } = origin;
  if (element?.isConnected && focusElement(element)) {
    watchRemoval(element, origin);
    return;
  }
  focusFallback(origin);
}

function focusElement(element: HTMLElement): boolean {
  element.focus();
  return document.activeElement === element;
}

/** Focuses an element that may not take focus by itself (a heading, main) without adding it to the Tab order. */
function focusAnything(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

/** The last heading inside `container` that stands before `position` in the document (or contains it). */
function headingBefore(container: HTMLElement, position: Node): HTMLElement | null {
  let found: HTMLElement | null = null;
  for (const heading of container.querySelectorAll<HTMLElement>(HEADING)) {
    const relation = heading.compareDocumentPosition(position);
    if (relation & Node.DOCUMENT_POSITION_FOLLOWING || relation & Node.DOCUMENT_POSITION_CONTAINED_BY) {
      found = heading;
    } else break;
  }
  return found;
}

export function focusFallback(origin: FocusOrigin): void {
  const start = origin.ancestors.find((node) => node.isConnected);
  for (
    let node: HTMLElement | null = start ?? null;
    node && node !== document.body;
    node = node.parentElement
  ) {
    if (node.matches(DIALOG)) {
      focusAnything(node.querySelector<HTMLElement>(HEADING) ?? node);
      return;
    }
    const heading = start ? headingBefore(node, start) : null;
    if (heading) {
      focusAnything(heading);
      return;
    }
    if (node.tagName === 'MAIN') {
      focusAnything(node);
      return;
    }
  }
  const main = document.querySelector<HTMLElement>('main');
  if (main) focusAnything(main);
}

/**
 * Focus went back to the element, but the dialog's answer may still remove it (a confirmed delete removes its row
 * when the request returns): if it goes while it holds focus, focus moves to the fallback instead of the body.
 */
function watchRemoval(element: HTMLElement, origin: FocusOrigin): void {
  if (typeof MutationObserver === 'undefined') return;
  const observer = new MutationObserver(() => {
    if (element.isConnected) return;
    stop();
    const active = document.activeElement;
    if (!active || active === document.body || active === element) focusFallback(origin);
  });
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== element) stop();
  };
  const timer = setTimeout(() => stop(), WATCH_MS);
  function stop() {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
}
