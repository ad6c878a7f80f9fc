import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the page in `main` brings its own h1 (the device lists name themselves with their count).
 * The header's page title is the screen's h1 otherwise, so every screen has exactly one (issue 26):
 * in the platform the title is not a heading, and most plugin screens leave naming the page to it.
 * Pages render late (parcels, lazy chunks), so the answer follows the DOM, not the first render.
 */
export function useContentHasH1(main: RefObject<HTMLElement | null>): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    const root = main.current;
    if (!root) return undefined;
    const check = () => setHas(!!root.querySelector('h1'));
    check();
    const observer = new MutationObserver(check);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [main]);
  return has;
}
