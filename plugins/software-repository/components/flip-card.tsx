import React, { useEffect, useRef, useState, type ReactNode } from 'react';
import { CARD_FLIP_MS } from '@shared/domain/constants';
import { firstFocusable } from '@shared/ui/modal';

export interface FlipCardProps {
  flipped: boolean;
  front: ReactNode;
  /** Rendered only while flipped or turning, so its state (an edit form) is discarded on the way back. */
  back: () => ReactNode;
  /**
   * Fill the grid cell: the cards of a row are as tall as its tallest, their footers in line (the
   * software repository's fronts differed by their dependency and approval lines).
   */
  fillCell?: boolean;
  'data-testid'?: string;
}

/**
 * A card that turns between its front and back in CARD_FLIP_MS. Both faces share one grid cell;
 * the face turned away is inert so it takes neither clicks nor focus.
 */
export function FlipCard({ flipped, front, back, fillCell = false, ...rest }: FlipCardProps) {
  const [backMounted, setBackMounted] = useState(flipped);
  const [turned, setTurned] = useState(flipped);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);
  const frontFace = useRef<HTMLDivElement>(null);
  const backFace = useRef<HTMLDivElement>(null);
  // Focus follows the turn: the face turned away is inert, and the button that turned it (Details,
  // Back) would leave keyboard users at the start of the page.
  const side = useRef(flipped);
  const focusPending = useRef(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (side.current === flipped) return;
    side.current = flipped;
    const active = document.activeElement as HTMLElement | null;
    // Only when the focus was on the card (or fell to the page when its button went inert): never taken from elsewhere.
    if (active && active !== document.body && !root.current?.contains(active)) return;
    if (flipped && active && frontFace.current?.contains(active)) opener.current = active;
    focusPending.current = true;
  }, [flipped]);

  useEffect(() => {
    if (!focusPending.current) return;
    const face = flipped ? backFace.current : frontFace.current;
    if (!face) return;
    focusPending.current = false;
    const back = !flipped && opener.current && face.contains(opener.current) ? opener.current : null;
    (back ?? firstFocusable(face))?.focus();
  }, [flipped, backMounted]);

  useEffect(() => {
    clearTimeout(timer.current);
    if (flipped) {
      setBackMounted(true);
      // Mount the back first, then turn, so the transition runs.
      const frame = requestAnimationFrame(() => setTurned(true));
      return () => cancelAnimationFrame(frame);
    }
    setTurned(false);
    timer.current = setTimeout(() => setBackMounted(false), CARD_FLIP_MS);
    return () => clearTimeout(timer.current);
  }, [flipped]);

  const face: React.CSSProperties = { gridArea: '1 / 1', backfaceVisibility: 'hidden', WebkitBackfaceVisibility: 'hidden', minWidth: 0 };
  return (
    <div ref={root} style={{ perspective: 1200, height: fillCell ? '100%' : undefined }} data-testid={rest['data-testid']} data-side={flipped ? 'back' : 'front'}>
      <div
        style={{
          display: 'grid',
          height: fillCell ? '100%' : undefined,
          transformStyle: 'preserve-3d',
          transition: `transform ${CARD_FLIP_MS}ms ease-in-out`,
          transform: turned ? 'rotateY(180deg)' : 'none',
        }}
      >
        <div ref={frontFace} style={face} inert={flipped} aria-hidden={flipped} data-face="front">
          {front}
        </div>
        {backMounted && (
          <div ref={backFace} style={{ ...face, transform: 'rotateY(180deg)' }} inert={!flipped} aria-hidden={!flipped} data-face="back">
            {back()}
          </div>
        )}
      </div>
    </div>
  );
}
