/**
 * Unsaved edits, the platform's way (ngx-components asks "Discard changes" before a route with
 * edits is left): while a screen has edits, leaving asks first. Works the same in the dev shell and
 * in the platform UI, which both route by hash and leave through links, `navigate` and Back.
 */
import { useEffect, useRef, useState } from 'react';
import { getI18n } from '../plugin-api/i18n';
import { askToLeave, holdLeave, leaveBlocked, setLeaveQuestion, unloadBlocked } from '../plugin-api/leave-guard';
import { confirm } from './confirm';
import { SHARED_NS } from './i18n';

const text = (key: string) => getI18n().t(key, { ns: SHARED_NS });

/**
 * Asks whether to throw the edits away (true: discard). 'page' for leaving the screen, 'dialog'
 * for closing a dialog by Escape or its close button.
 */
export function confirmDiscard(what: 'page' | 'dialog' = 'page'): Promise<boolean> {
  return confirm({
    title: text('Discard changes'),
    body:
      what === 'page'
        ? text('You are about to leave this page and discard the changes made. Do you want to proceed?')
        : text('You are about to close this dialog and discard the changes made. Do you want to proceed?'),
    okLabel: text('Discard'),
  });
}

/** A link whose activation opens another address in this tab (not a new tab, not a download, not a button dressed as a link). */
function leavingLink(e: MouseEvent): HTMLAnchorElement | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  const href = link.getAttribute('href') ?? '';
  if (href === '' || href === '#' || href.startsWith('javascript:') || link.getAttribute('role') === 'button') return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  return link.href === window.location.href ? null : link;
}

/** The Navigation API's parts used here (Chromium; elsewhere Back is not asked about). */
interface TraverseEvent extends Event {
  readonly navigationType: string;
  readonly cancelable: boolean;
  readonly destination: { readonly key: string; readonly sameDocument: boolean };
}
interface NavigationLike extends EventTarget {
  traverseTo(key: string): unknown;
}

const LISTENERS = Symbol.for('adamos.shared.ui.leave-listeners');
const g = globalThis as typeof globalThis & { [LISTENERS]?: true };

/** The page's listeners, once for every bundle's copy: they do nothing while nothing is held. */
function listenOnce(): void {
  if (g[LISTENERS] || typeof window === 'undefined') return;
  g[LISTENERS] = true;
  window.addEventListener('beforeunload', (e) => {
    if (!unloadBlocked()) return;
    // The browser's own question (its text cannot be chosen).
    e.preventDefault();
    e.returnValue = '';
  });
  // Capture on window runs before the hosts' own link handling (React's root, Angular's routerLink).
  window.addEventListener(
    'click',
    (e) => {
      if (!leaveBlocked()) return;
      const link = leavingLink(e);
      if (!link) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      void askToLeave().then((leave) => {
        // The discard dropped every hold: this click goes through both hosts' handling as before.
        if (leave) link.click();
      });
    },
    true,
  );
  const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    const e = event as TraverseEvent;
    if (e.navigationType !== 'traverse' || !e.cancelable || !e.destination.sameDocument || !leaveBlocked()) return;
    e.preventDefault();
    const { key } = e.destination;
    void askToLeave().then((leave) => {
      if (leave) navigation.traverseTo(key);
    });
  });
}

/**
 * While `dirty` (the screen's edits differ from what was loaded or from the blank form), leaving
 * asks `confirmDiscard('page')` first: a link to another address (menu entry, tab, breadcrumb),
 * the plugin's own `navigate`, Back and Forward (where the browser lets a page ask), and a reload
 * or closing the tab (the browser's own question).
 *
 * `release()` lets the screen go without asking until `dirty` next turns true: call it after a save
 * that navigates at once (the render that clears `dirty` comes too late for that navigation).
 */
export function useLeaveGuard(dirty: boolean): { release: () => void } {
  const releaseRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!dirty) return undefined;
    setLeaveQuestion(() => confirmDiscard('page'));
    listenOnce();
    const release = holdLeave();
    releaseRef.current = release;
    return () => {
      release();
      releaseRef.current = null;
    };
  }, [dirty]);
  const [api] = useState(() => ({ release: () => releaseRef.current?.() }));
  return api;
}

/** For an open dialog with edits: a reload or closing the tab asks (the page behind is inert). */
export function useUnloadGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    listenOnce();
    return holdLeave('unload');
  }, [dirty]);
}
