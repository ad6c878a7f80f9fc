import React, { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { Pager, pageWindow } from './pager';
import { renderUi } from './test-utils';

describe('pageWindow', () => {
  it.each([
    [1, 0, 10, []],
    [1, 1, 10, [1]],
    [1, 5, 10, [1, 2, 3, 4, 5]],
    [1, 20, 10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [6, 20, 10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [7, 20, 10, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    [15, 20, 10, [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]],
    [20, 20, 10, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]],
    [99, 20, 10, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]],
    [0, 3, 10, [1, 2, 3]],
    [4, 9, 3, [3, 4, 5]],
  ])('page %d of %d (window %d)', (current, total, size, expected) => {
    expect(pageWindow(current, total, size)).toEqual(expected);
  });
  it('defaults to a window of 10', () => expect(pageWindow(50, 100)).toHaveLength(10));
});

describe('Pager', () => {
  it('navigates with First, Previous, numbers, Next, Last and changes the page size', () => {
    const pages: number[] = [];
    const sizes: number[] = [];
    renderUi(<Pager currentPage={3} totalPages={30} pageSize={25} onPageChange={(p) => pages.push(p)} onPageSizeChange={(s) => sizes.push(s)} />);
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 7' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' })); // current page: no call
    expect(pages).toEqual([1, 2, 7, 4, 30]);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Page 11' })).toBeNull();

    const select = screen.getByLabelText('Items per page') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['10', '25', '50', '100']);
    expect(select.value).toBe('25');
    fireEvent.change(select, { target: { value: '100' } });
    expect(sizes).toEqual([100]);
  });

  it('disables what leads nowhere', () => {
    renderUi(<Pager currentPage={1} totalPages={1} pageSize={10} onPageChange={() => undefined} />);
    for (const name of ['First', 'Previous', 'Next', 'Last']) expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.queryByLabelText('Items per page')).toBeNull();
  });

  it('moves keyboard focus to the current page number when the button pressed is disabled by the move (Last, First)', () => {
    function Paged() {
      const [page, setPage] = useState(3);
      return <Pager currentPage={page} totalPages={5} pageSize={10} onPageChange={setPage} />;
    }
    renderUi(<Paged />);
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.click(last);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveFocus();
    const first = screen.getByRole('button', { name: 'First' });
    first.focus();
    fireEvent.click(first);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveFocus();
    // A button that stays usable keeps the focus.
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    expect(next).toHaveFocus();
  });

  it('without totals offers Next while there is more', () => {
    const pages: number[] = [];
    renderUi(<Pager currentPage={2} hasNext pageSize={10} onPageChange={(p) => pages.push(p)} />);
    expect(screen.queryByRole('button', { name: 'Last' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(pages).toEqual([3]);
  });

  it("writes its totals as the language writes numbers (a huge fleet: '1,626–1,650 of 20,000', German '20.000')", () => {
    const { unmount } = renderUi(<Pager currentPage={66} totalPages={800} total={20000} pageSize={25} onPageChange={() => undefined} />);
    expect(screen.getByTestId('pager-total')).toHaveTextContent('1,626–1,650 of 20,000');
    unmount();
    renderUi(<Pager currentPage={66} totalPages={800} total={20000} pageSize={25} onPageChange={() => undefined} />, 'de');
    expect(screen.getByTestId('pager-total')).toHaveTextContent('1.626–1.650 von 20.000');
  });

  it('shows no "0–0 of 0" on an empty list (the list says it is empty)', () => {
    renderUi(<Pager currentPage={1} totalPages={1} total={0} pageSize={25} onPageChange={() => undefined} />);
    expect(screen.getByTestId('pager')).toBeInTheDocument();
    expect(screen.queryByTestId('pager-total')).toBeNull();
  });

  it('speaks German', () => {
    renderUi(<Pager currentPage={1} totalPages={2} pageSize={10} onPageChange={() => undefined} />, 'de');
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeEnabled();
    expect(screen.getByRole('navigation', { name: 'Seitennavigation' })).toBeInTheDocument();
  });
});
