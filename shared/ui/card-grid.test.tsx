import React from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { CardGrid } from './card-grid';
import { ReloadButton } from './reload-button';
import { renderUi } from './test-utils';

const settled = { isPending: false, isError: false, error: null };
const grid = (query: typeof settled | { isPending: boolean; isError: boolean; error: Error | null }, items: string[]) => (
  <CardGrid query={query} items={items} renderCard={(s) => <p key={s}>{s}</p>} errorText="Could not load." empty={<p>Nothing here</p>} minCardWidth={300} data-testid="cards" />
);

describe('CardGrid', () => {
  it('shows a spinner while loading', () => {
    renderUi(grid({ ...settled, isPending: true }, []));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });
  it('shows the error with its message', () => {
    renderUi(grid({ ...settled, isError: true, error: new Error('boom') }, ['a']));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load. boom');
    expect(screen.queryByText('a')).toBeNull();
  });
  it('shows the empty state without items, else the cards in a grid', () => {
    const { rerender } = renderUi(grid(settled, []));
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    rerender(grid(settled, ['a', 'b']));
    expect(screen.getByTestId('cards').style.gridTemplateColumns).toBe('repeat(auto-fill, minmax(300px, 1fr))');
    expect(screen.getAllByText(/^[ab]$/).map((p) => p.textContent)).toEqual(['a', 'b']);
  });
});

describe('ReloadButton', () => {
  it('reloads, and is disabled with a spinning icon while fetching', () => {
    const onClick = jest.fn();
    const { rerender } = renderUi(<ReloadButton onClick={onClick} fetching={false} />, 'de');
    fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(<ReloadButton onClick={onClick} fetching />);
    expect(screen.getByTestId('reload')).toBeDisabled();
    expect(screen.getByTestId('reload').querySelector('.icon-spin')).not.toBeNull();
  });
});
