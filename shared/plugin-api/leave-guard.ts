/**
 * Work in progress that leaving the page would throw away: while any screen holds a guard, leaving
 * asks first. One registry for the page (every plugin bundle has its own copy of this module), so
 * two plugins' edits give one question, not two. The question itself comes from shared/ui
 * (unsaved-changes.ts), which registers it with the first guard; this module has no React in it,
 * so `navigate` (hash-location.ts) can ask before it goes.
 */

interface Registry {
  /** One token per screen with unsaved edits. */
  readonly tokens: Set<symbol>;
  /**
   * Edits that only a reload or closing the tab would lose: an open dialog's (the page behind it is
   * inert, and what the dialog itself navigates to is its own action, e.g. open what it created).
   */
  readonly unloadTokens: Set<symbol>;
  /** Asks the user (true: discard and leave). */
  ask?: () => Promise<boolean>;
  /** The question on screen now: a second attempt to leave waits for the same answer. */
  asking?: Promise<boolean>;
}

const KEY = Symbol.for('adamos.shared.plugin-api.leave-guard');
const g = globalThis as typeof globalThis & { [KEY]?: Registry };
const registry = (): Registry => (g[KEY] ??= { tokens: new Set(), unloadTokens: new Set() });

/**
 * Holds the page until `release` (or a discard the user chose); returns `release`. 'unload' holds
 * only against a reload or closing the tab.
 */
export function holdLeave(kind: 'navigation' | 'unload' = 'navigation'): () => void {
  const token = Symbol('unsaved');
  const set = kind === 'unload' ? registry().unloadTokens : registry().tokens;
  set.add(token);
  return () => {
    set.delete(token);
  };
}

/** Whether leaving for another address of the application would throw edits away now. */
export const leaveBlocked = (): boolean => registry().tokens.size > 0;

/** Whether a reload or closing the tab would throw edits away now. */
export const unloadBlocked = (): boolean => registry().tokens.size > 0 || registry().unloadTokens.size > 0;

/** The question to ask (set once by shared/ui; a later bundle's copy replaces an equal one). */
export function setLeaveQuestion(ask: () => Promise<boolean>): void {
  registry().ask = ask;
}

/**
 * Whether the page may be left: at once when nothing is held; otherwise the user's answer (never
 * rejects). A discard drops every hold, so the navigation that follows does not ask again.
 */
export function askToLeave(): Promise<boolean> {
  const r = registry();
  if (r.tokens.size === 0) return Promise.resolve(true);
  if (r.asking) return r.asking;
  // A hold without a registered question cannot happen through shared/ui; leave rather than trap the user.
  const asked = r.ask ? r.ask() : Promise.resolve(true);
  r.asking = asked.then(
    (ok) => {
      r.asking = undefined;
      if (ok) r.tokens.clear();
      return ok;
    },
    (e: unknown) => {
      // The question could not be shown: stay, so nothing typed is lost.
      r.asking = undefined;
      console.error('Unsaved changes: the question could not be shown; staying on the page.', e);
      return false;
    },
  );
  return r.asking;
}
