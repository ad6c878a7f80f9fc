/**
 * A page of cards from one query (the software repository, the software rollouts): the spinner
 * while it loads, the error, the empty state, else the cards in a grid that fills the width.
 */
import React, { type ReactNode } from 'react';
import { Spinner } from './spinner';

export interface CardGridProps<T> {
  query: { isPending: boolean; isError: boolean; error: Error | null };
  /** The cards to show (already filtered). */
  items: readonly T[];
  renderCard: (item: T) => ReactNode;
  /** Translated, shown before the error's own message. */
  errorText: string;
  /** Shown when the query has no items to show. */
  empty: ReactNode;
  /** The narrowest a card gets before the grid puts fewer in a row. */
  minCardWidth: number;
  'data-testid'?: string;
}

export function CardGrid<T>({ query, items, renderCard, errorText, empty, minCardWidth, ...rest }: CardGridProps<T>) {
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        {errorText} {query.error?.message}
      </div>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${minCardWidth}px, 1fr))`, gap: 16, alignItems: 'start' }} data-testid={rest['data-testid']}>
      {items.map(renderCard)}
    </div>
  );
}
