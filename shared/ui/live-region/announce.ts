/**
 * Announcements for screen readers through one polite live region per document (issue 26): the
 * result of a filter ("Filtered 2 of 174 devices") or of a bulk action, said once, without moving
 * focus. One region for the whole page, not one per plugin bundle: each bundle has its own copy of
 * this module, so the region is found by its id in the DOM instead of held in a module variable.
 *
 * A live region is read when its text changes after it is in the accessibility tree, so the region is
 * created empty on first use and the message is written a moment later; the same message twice in a
 * row (the same filter applied again) is cleared first so it is read again.
 */

const REGION_ID = 'shared-ui-live-region';
/** Time for a freshly inserted region to be registered by the screen reader before it changes. */
const FIRST_USE_DELAY_MS = 100;

// Visually hidden, still read (the design system's .sr-only, inlined: plugins also run in hosts without it).
const HIDDEN: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: '0',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: '0',
};

function region(): { el: HTMLElement; fresh: boolean } {
  const existing = document.getElementById(REGION_ID);
  if (existing) return { el: existing, fresh: false };
  const el = document.createElement('div');
  el.id = REGION_ID;
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  el.setAttribute('aria-atomic', 'true');
  el.setAttribute('data-testid', 'live-region');
  Object.assign(el.style, HIDDEN);
  document.body.appendChild(el);
  return { el, fresh: true };
}

/** Says `message` politely (after what the screen reader is saying now). Empty messages are ignored. */
export function announce(message: string): void {
  const text = message.trim();
  if (!text || typeof document === 'undefined') return;
  const { el, fresh } = region();
  const write = () => {
    el.textContent = text;
  };
  if (fresh) {
    setTimeout(write, FIRST_USE_DELAY_MS);
  } else if (el.textContent === text) {
    el.textContent = '';
    setTimeout(write, FIRST_USE_DELAY_MS);
  } else {
    write();
  }
}
