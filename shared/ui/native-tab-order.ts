/**
 * Lets Tab walk through the controls inside an AG Grid (header sort and filter buttons, the
 * select-all checkbox, row checkboxes and links) in document order, as on any other page.
 *
 * Why: AG Grid owns Tab inside its header and its focus guards. With header focus on, Tab jumps
 * from header cell to header cell and never reaches the buttons rendered inside them; with header
 * and cell focus off, its guards treat the grid as empty and push focus past it. Both hid the
 * column filters and the select-all checkbox from keyboard users. So the grid keeps its guards
 * (focus entering them lands on the first control inside) and Tab inside the grid is ours.
 */
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** AG Grid's own focus targets (guards, rows, cells, header cells): not part of the page's Tab order. */
const isGridInfrastructure = (el: Element) => Array.from(el.classList).some((c) => c.startsWith('ag-'));

const isVisible = (el: HTMLElement) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';

function tabbables(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => !isGridInfrastructure(el) && el.tabIndex >= 0 && !el.closest('[inert], [aria-hidden="true"]') && isVisible(el),
  );
}

/**
 * Focuses the next (or previous) control of the whole page after `from`, in document order. `skip`
 * leaves out a subtree: a popup that sits next to its opener in the Tab order (column filters) is
 * not itself what comes after the opener.
 */
export function focusNext(from: Element, backwards: boolean, skip?: Element | null): boolean {
  const all = tabbables(document).filter((el) => !skip?.contains(el));
  const following = (el: Element) => !!(from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  const candidates = backwards ? all.filter((el) => el !== from && !following(el)).reverse() : all.filter(following);
  // An element can refuse focus (e.g. inside a row AG Grid is re-rendering): try the next one.
  for (const el of candidates) {
    el.focus();
    if (document.activeElement === el) return true;
  }
  return false;
}

/**
 * Tab inside the element that wraps the grid: to the next control of the page in document order.
 * Runs in the capture phase, before AG Grid's own header and cell navigation sees the key.
 */
export function onTabKeyDownCapture(e: ReactKeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
  const active = document.activeElement;
  if (!active || !e.currentTarget.contains(active)) return;
  if (focusNext(active, e.shiftKey)) {
    e.preventDefault();
    e.stopPropagation();
  }
}

/**
 * AG Grid's focusGridInnerElement: focus arriving from outside (on one of its guards) goes to the
 * first control inside the grid, or the last one when it comes from below.
 */
export function focusFirstControl(grid: HTMLElement | null, fromBottom: boolean): boolean {
  if (!grid) return false;
  const inside = tabbables(grid);
  const target = fromBottom ? inside[inside.length - 1] : inside[0];
  if (!target) return false;
  target.focus();
  return true;
}
