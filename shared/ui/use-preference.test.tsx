import React from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureClient } from '../platform/fetch-client';
import { usePreference } from './use-preference';

/** jsdom has no fetch Response; the client reads only these members. */
const reply = (status: number, body: unknown) =>
  ({
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => JSON.stringify(body),
  }) as unknown as Response;

/** A stand-in /user/currentUser that replaces customProperties as a whole, like the platform. */
function fakeUserApi(initial: Record<string, unknown>) {
  let customProperties = { ...initial };
  const puts: unknown[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    if (!url.endsWith('/user/currentUser')) return reply(404, {});
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { customProperties: Record<string, unknown> };
      puts.push(body);
      customProperties = body.customProperties;
    }
    return reply(200, { id: 'u', userName: 'u', customProperties });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, puts, stored: () => customProperties };
}

function PageSize() {
  const [size, setSize, { isLoading, saveError }] = usePreference<number>('NETBOXES_DROPDOWN_CONFIGiotconnector', 25);
  return (
    <div>
      <span data-testid="size">{isLoading ? 'loading' : size}</span>
      {saveError && <span role="alert">{saveError.message}</span>}
      <button onClick={() => void setSize(50)}>fifty</button>
    </div>
  );
}

afterEach(() => configureClient({ fetch: undefined }));

it('reads the default, saves without losing other keys, and shows the new value at once', async () => {
  const api = fakeUserApi({ NETBOXES_COLUMNS_CONFIGiotconnector: [{ id: 'name', visible: true }] });
  configureClient({ fetch: api.fetch, xsrfToken: () => 't' });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <PageSize />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('size')).toHaveTextContent('25'));
  await act(async () => fireEvent.click(screen.getByText('fifty')));
  expect(screen.getByTestId('size')).toHaveTextContent('50');
  await waitFor(() => expect(api.puts).toHaveLength(1));
  expect(api.stored()).toEqual({ NETBOXES_COLUMNS_CONFIGiotconnector: [{ id: 'name', visible: true }], NETBOXES_DROPDOWN_CONFIGiotconnector: 50 });
});

it('rolls back when saving fails', async () => {
  const failing = (async (_url: string, init: RequestInit = {}) =>
    init.method === 'PUT'
      ? reply(500, { error: 'x', message: 'no' })
      : reply(200, { id: 'u', userName: 'u', customProperties: { NETBOXES_DROPDOWN_CONFIGiotconnector: 10 } })) as unknown as typeof fetch;
  configureClient({ fetch: failing, xsrfToken: () => 't' });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <PageSize />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('size')).toHaveTextContent('10'));
  await act(async () => fireEvent.click(screen.getByText('fifty')));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('no'));
  expect(screen.getByTestId('size')).toHaveTextContent('10');
});
