import { fireEvent, screen } from '@testing-library/react';
import { renderUi } from '@shared/ui/test-utils';
import { COLUMNS } from '../model/columns';
import { EMPTY_VALUE } from '../model/filters';
import { createRef } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply } from '@shared/plugin-api/testing';
import type { ManagedObject } from '@shared/platform/inventory';
import { ColumnFilter, ColumnFilterPopup, type ColumnFilterPopupHandle } from './column-filter';

const anchor = { bottom: 40, right: 600 } as DOMRect;

function open(column: keyof typeof COLUMNS, options: { value: string; label: string }[] = []) {
  const onApply = jest.fn();
  renderUi(<ColumnFilter column={COLUMNS[column]} anchor={anchor} options={options} onApply={onApply} onClose={jest.fn()} />);
  return onApply;
}

const apply = () => fireEvent.submit(screen.getByTestId('column-filter'));

describe('ColumnFilter', () => {
  it('applies the checked groups, a second click unchecks one', () => {
    const onApply = open('group', [
      { value: '11', label: 'Plant A' },
      { value: '12', label: 'Plant B' },
    ]);
    fireEvent.click(screen.getByTestId('filter-group-11'));
    fireEvent.click(screen.getByTestId('filter-group-12'));
    fireEvent.click(screen.getByTestId('filter-group-11'));
    apply();
    expect(onApply).toHaveBeenCalledWith({ kind: 'group', ids: ['12'] });
  });

  it('says there are no groups instead of an empty list', () => {
    open('group');
    expect(screen.getByText('No groups')).toBeInTheDocument();
  });

  it('offers "Empty" before the select options and applies both', () => {
    const onApply = open('status', [{ value: 'AVAILABLE', label: 'Online' }]);
    const labels = [...screen.getByTestId('column-filter').querySelectorAll('label.c8y-checkbox')].map((l) => l.textContent);
    expect(labels).toEqual(['Empty', 'Online']);
    fireEvent.click(screen.getByTestId('filter-option-empty'));
    fireEvent.click(screen.getByTestId('filter-option-AVAILABLE'));
    apply();
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ kind: 'select', values: [EMPTY_VALUE, 'AVAILABLE'] }));
  });

  it('offers Status by its labels only: no search box matching its codes', () => {
    open('status', [{ value: 'UNAVAILABLE', label: 'Offline' }]);
    expect(screen.queryByTestId('filter-select-text')).toBeNull();
    open('agentVersion', [{ value: '0.1.9', label: '0.1.9' }]);
    expect(screen.getByTestId('filter-select-text')).toBeInTheDocument();
  });

  it('keeps offering the values of pages shown before, and the values picked, once a filter narrowed the page', () => {
    const devices = (versions: string[]) => versions.map((v, i) => ({ id: String(i), c8y_Agent: { version: v } }) as unknown as ManagedObject);
    const ref = createRef<ColumnFilterPopupHandle>();
    const client = new QueryClient();
    const popup = (rows: ManagedObject[], filters = {}) => (
      <QueryClientProvider client={client}>
        <ColumnFilterPopup ref={ref} filters={filters} pageRows={rows} onApply={jest.fn()} />
      </QueryClientProvider>
    );
    const { rerender } = renderUi(popup(devices(['0.1.9', '0.5.1'])));
    // The filtered page holds 0.1.9 only; 0.4.0 was picked before from a page no longer shown.
    rerender(popup(devices(['0.1.9']), { agentVersion: { kind: 'select', values: ['0.1.9', '0.4.0'] } }));
    act(() => ref.current!.open('agentVersion', anchor));
    const labels = [...screen.getByTestId('column-filter').querySelectorAll('label.c8y-checkbox')].map((l) => l.textContent);
    expect(labels).toEqual(['Empty', '0.1.9', '0.4.0', '0.5.1']);
  });

  it('lists versions in version order (0.3.4 before 0.3.11), not as text', () => {
    const rows = ['0.3.11', '0.3.4', '0.2.30', '0.2.29', '1.0.0'].map((v, i) => ({ id: String(i), c8y_Agent: { version: v } }) as unknown as ManagedObject);
    const ref = createRef<ColumnFilterPopupHandle>();
    renderUi(
      <QueryClientProvider client={new QueryClient()}>
        <ColumnFilterPopup ref={ref} filters={{}} pageRows={rows} onApply={jest.fn()} />
      </QueryClientProvider>,
    );
    act(() => ref.current!.open('agentVersion', anchor));
    const labels = [...screen.getByTestId('column-filter').querySelectorAll('label.c8y-checkbox')].map((l) => l.textContent);
    expect(labels).toEqual(['Empty', '0.2.29', '0.2.30', '0.3.4', '0.3.11', '1.0.0']);
  });

  it('says that the groups could not be loaded instead of "No groups" (a failed lookup is not an empty fleet)', async () => {
    let answer = jsonReply(500, { error: 'inventory/failed', message: 'Service down' });
    configureClient({ fetch: (async () => answer) as unknown as typeof fetch });
    const ref = createRef<ColumnFilterPopupHandle>();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderUi(
      <QueryClientProvider client={client}>
        <ColumnFilterPopup ref={ref} filters={{}} pageRows={[]} onApply={jest.fn()} />
      </QueryClientProvider>,
    );
    act(() => ref.current!.open('group', anchor));
    // While the lookup runs the picker does not claim there are none.
    expect(screen.queryByText('No groups')).toBeNull();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('filter-options-error')).toHaveTextContent('The groups could not be loaded: Service down'));
    expect(screen.queryByText('No groups')).toBeNull();
    // A lookup that works and finds none says so.
    answer = jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 2000 } });
    await act(() => client.refetchQueries());
    await waitFor(() => expect(screen.getByText('No groups')).toBeInTheDocument());
    expect(screen.queryByTestId('filter-options-error')).toBeNull();
  });

  it('applies a date range from its two bounds, each bound limiting the other', () => {
    const onApply = open('registrationDate');
    fireEvent.change(screen.getByTestId('filter-date-after'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('filter-date-before'), { target: { value: '2026-11-20' } });
    expect(screen.getByTestId('filter-date-after')).toHaveAttribute('max', '2026-11-20');
    expect(screen.getByTestId('filter-date-before')).toHaveAttribute('min', '2026-11-01');
    apply();
    expect(onApply).toHaveBeenCalledWith({ kind: 'date', after: '2026-11-01', before: '2026-11-20' });
  });

  it('says a range with one end only, or a number or date the browser cannot read, instead of applying no filter', () => {
    const onApply = open('failedInstallations');
    fireEvent.change(screen.getByTestId('filter-number-mode'), { target: { value: 'range' } });
    // Each end says which it is on screen, not only to screen readers.
    expect(screen.getByTestId('filter-number-from')).toHaveAttribute('placeholder', 'From');
    expect(screen.getByTestId('filter-number-to')).toHaveAttribute('placeholder', 'To');
    fireEvent.change(screen.getByTestId('filter-number-to'), { target: { value: '3' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of 0 or more.');
    expect(screen.getByTestId('filter-apply')).toBeDisabled();
    apply();
    expect(onApply).not.toHaveBeenCalled();
    // The browser reads "1e" in a number field as '' (badInput): said, not applied as empty.
    fireEvent.change(screen.getByTestId('filter-number-mode'), { target: { value: 'eq' } });
    const from = screen.getByTestId('filter-number-from') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '1' } });
    Object.defineProperty(from, 'validity', { configurable: true, get: () => ({ badInput: true }) });
    fireEvent.change(from, { target: { value: '' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of 0 or more.');
    apply();
    expect(onApply).not.toHaveBeenCalled();

    const onDate = open('registrationDate');
    const after = screen.getAllByTestId('filter-date-after').at(-1) as HTMLInputElement;
    Object.defineProperty(after, 'validity', { configurable: true, get: () => ({ badInput: true }) });
    fireEvent.change(after, { target: { value: '2026-11-01' } });
    fireEvent.change(after, { target: { value: '' } });
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('Enter a complete date.');
    fireEvent.submit(screen.getAllByTestId('column-filter').at(-1)!);
    expect(onDate).not.toHaveBeenCalled();
  });

  it('reads a half-typed date on Apply (the browser sends no change for it) and says it instead of applying no bound', () => {
    const onApply = open('registrationDate');
    const before = screen.getByTestId('filter-date-before') as HTMLInputElement;
    Object.defineProperty(before, 'validity', { configurable: true, get: () => ({ badInput: true }) });
    apply();
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a complete date.');
    // Deleted again (still no value, no change event): the message goes and Apply clears.
    Object.defineProperty(before, 'validity', { configurable: true, get: () => ({ badInput: false }) });
    fireEvent.keyUp(before, { key: 'Backspace' });
    expect(screen.queryByRole('alert')).toBeNull();
    apply();
    expect(onApply).toHaveBeenCalledWith({ kind: 'date', before: undefined });
  });

  it('clears the filter when Apply finds nothing entered', () => {
    const onApply = open('failedInstallations');
    fireEvent.change(screen.getByTestId('filter-number-mode'), { target: { value: 'range' } });
    apply();
    expect(onApply).toHaveBeenCalledWith(undefined);
  });
});
