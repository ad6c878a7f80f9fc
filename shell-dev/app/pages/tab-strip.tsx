import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import { Icon } from '@shared/ui/icon';
import { useShellT } from '../i18n-setup';

/** The width of the platform's slider buttons (`.tabs-slider`), kept free at each end of the strip. */
const SLIDER_PX = 31;

/**
 * The tab list's room at each end, where a slider button sits: the platform's stylesheet gives
 * 30 px for its 31 px buttons, so at the end of the strip the last tab lay up to 2 px under the
 * button (after the German labels' fractional widths, the open 'adamos-Verbindung').
 */
export const TAB_LIST_END_ROOM = { paddingLeft: SLIDER_PX + 1, paddingRight: SLIDER_PX + 1 } as const;

interface Ends {
  /** Tabs hidden to the left. */
  left: boolean;
  /** Tabs hidden to the right. */
  right: boolean;
}

/**
 * The platform's horizontal tab container (c8y-tabs-outlet): a strip wider than the page scrolls
 * sideways (without a scroll bar), with a chevron button at each end while it does, and the open
 * tab is kept in view. The strip's width changes after the first render (tabs of plugins that load
 * later, the labels in another language, the page resized): each change is watched, not only a
 * change of the open tab, or the open tab ends up cut off at the edge. `activeTab` names the open
 * tab (the strip's `[role="tab"][aria-selected="true"]`).
 */
export function useTabStrip(container: RefObject<HTMLElement | null>, activeTab: string | undefined) {
  const [ends, setEnds] = useState<Ends>({ left: false, right: false });

  useLayoutEffect(() => {
    const box = container.current;
    if (!box) return;
    const strip = box.querySelector<HTMLElement>('[role="tablist"]');
    const update = () => {
      const left = box.scrollLeft > 0.5;
      const right = box.scrollWidth > box.clientWidth + box.scrollLeft + 0.5;
      setEnds((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
    };
    // Sideways only, within the strip (scrollIntoView would also scroll the page up to the strip
    // when the window is resized further down the page).
    const reveal = () => {
      const tab = activeTab === undefined ? null : box.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (tab) {
        const view = box.getBoundingClientRect();
        const { left, right } = tab.getBoundingClientRect();
        let target = box.scrollLeft;
        if (left < view.left + SLIDER_PX) target -= view.left + SLIDER_PX - left;
        else if (right > view.right - SLIDER_PX) target += right - (view.right - SLIDER_PX);
        if (target !== box.scrollLeft) {
          // Within a pixel or two of an end (the first or last tab: fractional label widths) the
          // strip goes to that end, so its slider button there turns off.
          const max = box.scrollWidth - box.clientWidth;
          target = target > max - 2 ? max : target < 2 ? 0 : target;
          // At once, not with the strip's smooth scrolling: a reveal asked again while a smooth
          // scroll ran (the strip grows twice when the labels change language) could stop short.
          box.scrollTo({ left: target, behavior: 'instant' });
        }
      }
      update();
    };
    reveal();
    box.addEventListener('scroll', update, { passive: true });
    if (typeof ResizeObserver === 'undefined') return () => box.removeEventListener('scroll', update);
    const resized = new ResizeObserver(reveal);
    resized.observe(box);
    if (strip) resized.observe(strip);
    return () => {
      box.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, [container, activeTab]);

  /** One page width to the left or right, as the platform's buttons scroll. */
  const scroll = useCallback(
    (direction: 'left' | 'right') => {
      const box = container.current;
      if (!box) return;
      const target = box.scrollLeft + (direction === 'left' ? -1 : 1) * box.clientWidth;
      box.scrollLeft = Math.min(Math.max(target, 0), box.scrollWidth - box.clientWidth);
    },
    [container],
  );

  return { ends, scroll };
}

/** The platform's slider buttons at both ends of a tab strip that is wider than the page. */
export function TabSliders({ ends, scroll }: ReturnType<typeof useTabStrip>) {
  const { t } = useShellT();
  if (!ends.left && !ends.right) return null;
  const slider = (direction: 'left' | 'right', label: string, hiddenThatWay: boolean) => (
    <button
      type="button"
      className={`tabs-slider tabs-slider-${direction}`}
      title={label}
      aria-label={label}
      disabled={!hiddenThatWay}
      data-testid={`tabs-slider-${direction}`}
      onClick={() => scroll(direction)}
    >
      <Icon name={direction === 'left' ? 'chevron-left' : 'chevron-right'} />
    </button>
  );
  return (
    <>
      {slider('left', t('Scroll to the left'), ends.left)}
      {slider('right', t('Scroll to the right'), ends.right)}
    </>
  );
}
