import { fireEvent, screen, within } from '@testing-library/react';
import type { Alarm } from '@shared/platform/alarms';
import { ALARM_NEXT_PAGE_THROTTLE_MS } from '@shared/domain/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderUi } from '@shared/ui/test-utils';
import { AlarmItems } from './alarm-items';

const list = (over: Partial<React.ComponentProps<typeof AlarmItems>['list']>) => ({ isLoading: false, error: null, hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => undefined, ...over });
const show = (l: ReturnType<typeof list>) =>
  renderUi(
    <QueryClientProvider client={new QueryClient()}>
      <AlarmItems items={[]} list={l} busy={false} />
    </QueryClientProvider>,
  );

describe('AlarmItems', () => {
  it('says the alarms could not be loaded, with the cause, instead of "No alarms to display"', () => {
    show(list({ error: new Error('Access is denied') }));
    expect(screen.getByTestId('alarms-error')).toHaveTextContent('The alarms could not be loaded: Access is denied');
    expect(screen.queryByText('No alarms to display')).toBeNull();
  });

  it('says "No alarms to display" for an empty list that loaded', () => {
    show(list({}));
    expect(screen.getByText('No alarms to display')).toBeTruthy();
    expect(screen.queryByTestId('alarms-error')).toBeNull();
  });

  it('shows that the list is loading (a failing read retries for seconds) instead of a blank card', () => {
    show(list({ isLoading: true }));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText('No alarms to display')).toBeNull();
  });
});

it('after "Load more" keyboard focus goes to the first alarm it brought (the button is disabled meanwhile and gone after the last page)', () => {
  const alarm = (i: number) => ({ id: String(i), type: 't', text: `alarm ${i}`, status: 'ACTIVE', severity: 'MAJOR', count: 1, time: '2026-01-01T00:00:00Z', firstOccurrenceTime: '2026-01-01T00:00:00Z', source: { id: '1' } }) as Alarm;
  const fetchNextPage = jest.fn();
  const client = new QueryClient();
  const ui = (items: Alarm[], over: Partial<ReturnType<typeof list>>) => (
    <QueryClientProvider client={client}>
      <AlarmItems items={items} list={list({ fetchNextPage, ...over })} busy={false} />
    </QueryClientProvider>
  );
  const { rerender } = renderUi(ui([alarm(0), alarm(1)], { hasNextPage: true }));
  const loadMore = screen.getByRole('button', { name: 'Load more' });
  loadMore.focus();
  fireEvent.click(loadMore);
  expect(fetchNextPage).toHaveBeenCalled();
  rerender(ui([alarm(0), alarm(1)], { hasNextPage: true, isFetchingNextPage: true }));
  // What Chromium does to a focused control that gets disabled (jsdom keeps it there).
  loadMore.blur();
  rerender(ui([0, 1, 2, 3].map(alarm), { hasNextPage: false }));
  const third = screen.getByText('alarm 2').closest('li')!;
  expect(within(third).getAllByRole('button')[0]).toHaveFocus();
});

it('throttles the next-page load to one per ALARM_NEXT_PAGE_THROTTLE_MS (spec 2: 300 ms)', () => {
  jest.useFakeTimers();
  try {
    const fetchNextPage = jest.fn();
    show(list({ hasNextPage: true, fetchNextPage }));
    const loadMore = screen.getByRole('button', { name: 'Load more' });
    fireEvent.click(loadMore);
    fireEvent.click(loadMore);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(ALARM_NEXT_PAGE_THROTTLE_MS);
    fireEvent.click(loadMore);
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  } finally {
    jest.useRealTimers();
  }
});
