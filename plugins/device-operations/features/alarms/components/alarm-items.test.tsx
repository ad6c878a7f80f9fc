import { screen } from '@testing-library/react';
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
