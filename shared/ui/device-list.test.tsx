import { act, renderHook } from '@testing-library/react';
import type { ManagedObject } from '../platform/inventory';
import { useListSelection } from './device-list';

const device = (i: number): ManagedObject => ({ id: String(i), name: `box ${i}` }) as ManagedObject;
const page = [1, 2, 3].map(device);

describe('useListSelection', () => {
  it('keeps every other matching device selected when one row of "all matching" is unticked', () => {
    const { result } = renderHook(() => useListSelection(page, 1195, 'filters'));
    act(() => result.current.grid.togglePage());
    act(() => result.current.selectAllMatching());
    expect(result.current.count).toBe(1195);
    act(() => result.current.grid.toggle(page[1]));
    expect(result.current.allMatching).toBe(true);
    expect(result.current.count).toBe(1194);
    expect(result.current.grid.isSelected('2')).toBe(false);
    expect(result.current.grid.isSelected('999')).toBe(true);
    expect(result.current.grid.pageState).toBe('some');
    // The bulk action loads every matching device and leaves the unticked one out.
    expect(result.current.ofAllMatching([1, 2, 3, 4].map(device)).map((d) => d.id)).toEqual(['1', '3', '4']);
    // Ticking it again brings it back.
    act(() => result.current.grid.toggle(page[1]));
    expect(result.current.count).toBe(1195);
    expect(result.current.grid.pageState).toBe('all');
  });

  it('forgets "all matching" and its exceptions when the filters change', () => {
    const { result, rerender } = renderHook(({ key }) => useListSelection(page, 1195, key), { initialProps: { key: 'a' } });
    act(() => result.current.selectAllMatching());
    act(() => result.current.grid.toggle(page[0]));
    rerender({ key: 'b' });
    expect(result.current.allMatching).toBe(false);
    expect(result.current.excluded.size).toBe(0);
    expect(result.current.count).toBe(0);
  });
});
