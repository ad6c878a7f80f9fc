import React from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ParcelConfig } from 'single-spa';
import { testContext } from '@shared/plugin-api/testing';
import type { ContributionProps, Loader } from '@shared/plugin-api/types';
import { initShellI18n } from '../i18n-setup';
import { ParcelMount } from './parcel-mount';

function fakeParcel(over: { mount?: (p: ContributionProps & { domElement: HTMLElement }) => Promise<void>; unmount?: () => Promise<void> } = {}) {
  const calls: string[] = [];
  const seen: ContributionProps[] = [];
  const config = {
    bootstrap: jest.fn(async () => void calls.push('bootstrap')),
    mount: jest.fn(async (p: ContributionProps & { domElement: HTMLElement }) => {
      calls.push('mount');
      seen.push(p);
      if (over.mount) return over.mount(p);
      p.domElement.textContent = `mounted ${p.contributionId} at ${p.context.path}`;
    }),
    update: jest.fn(async (p: ContributionProps & { domElement: HTMLElement }) => {
      calls.push('update');
      seen.push(p);
      p.domElement.textContent = `updated at ${p.context.path}`;
    }),
    unmount: jest.fn(async (p: { domElement: HTMLElement }) => {
      calls.push('unmount');
      if (over.unmount) return over.unmount();
      p.domElement.textContent = '';
    }),
  };
  return { config, calls, seen };
}

const i18n = initShellI18n('en');
const wrap = (ui: React.ReactElement) => <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>;

describe('ParcelMount', () => {
  it("says a contribution whose code did not load (offline) in the user's words, not the chunk's address, and Retry loads it", async () => {
    const { config } = fakeParcel();
    const chunkError = Object.assign(new Error('Loading chunk 1438 failed.\n(error: http://x/apps/device-operations/1438.js)'), { name: 'ChunkLoadError' });
    const loader: Loader = jest.fn().mockRejectedValueOnce(chunkError).mockResolvedValue({ default: config as unknown as ParcelConfig<ContributionProps> });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(wrap(<ParcelMount loader={loader} pluginId="p" contributionId="route:p/x" context={testContext({ path: '/a' })} queryClient={{}} />));
      const alert = await screen.findByTestId('contribution-error');
      expect(alert).toHaveTextContent('Plugin "p" failed to show "route:p/x". Its code could not be loaded. Check the connection and try again. Retry');
      expect(alert).not.toHaveTextContent('chunk');
      expect(spy.mock.calls.some((c) => c[1] === chunkError)).toBe(true);
      fireEvent.click(screen.getByTestId('contribution-retry'));
      await screen.findByText('mounted route:p/x at /a');
      expect(screen.queryByTestId('contribution-error')).toBeNull();
      expect(loader).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('mounts lazily with the contribution props, updates on a new context and unmounts on leave', async () => {
    const { config, calls, seen } = fakeParcel();
    const loader: Loader = jest.fn(async () => ({ default: config as unknown as ParcelConfig<ContributionProps> }));
    const queryClient = { id: 'shared-client' };
    const ctx1 = testContext({ path: '/a' });
    const { rerender, unmount } = render(
      wrap(<ParcelMount loader={loader} pluginId="p" contributionId="route:p/x" context={ctx1} queryClient={queryClient} />),
    );
    await screen.findByText('mounted route:p/x at /a');
    expect(seen[0]).toMatchObject({ pluginId: 'p', contributionId: 'route:p/x', context: ctx1, queryClient });

    const ctx2 = testContext({ path: '/b' });
    rerender(wrap(<ParcelMount loader={loader} pluginId="p" contributionId="route:p/x" context={ctx2} queryClient={queryClient} />));
    await screen.findByText('updated at /b');
    expect(seen[1].context).toBe(ctx2);
    expect((seen[1] as ContributionProps & { domElement?: HTMLElement }).domElement).toBe((seen[0] as ContributionProps & { domElement?: HTMLElement }).domElement);
    expect(loader).toHaveBeenCalledTimes(1);

    unmount();
    await waitFor(() => expect(calls).toEqual(['bootstrap', 'mount', 'update', 'unmount']));
  });

  it('names plugin and contribution when the loader fails, and the rest of the page stays', async () => {
    const loader: Loader = async () => Promise.reject(new Error('chunk 42 missing'));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      wrap(
        <div>
          <p>neighbour</p>
          <ParcelMount loader={loader} pluginId="p" contributionId="route:p/broken" context={testContext()} queryClient={null} />
        </div>,
      ),
    );
    const alert = await screen.findByTestId('contribution-error');
    expect(alert).toHaveTextContent('Plugin "p" failed to show "route:p/broken". chunk 42 missing');
    expect(screen.getByText('neighbour')).toBeInTheDocument();
    error.mockRestore();
  });

  it('shows a failing mount lifecycle', async () => {
    const { config } = fakeParcel({ mount: async () => Promise.reject(new Error('mount exploded')) });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      render(wrap(<ParcelMount loader={async () => config as unknown as ParcelConfig<ContributionProps>} pluginId="p" contributionId="device-tab:p/t" context={testContext()} queryClient={null} />));
    });
    expect(await screen.findByTestId('contribution-error')).toHaveTextContent('mount exploded');
    error.mockRestore();
  });

  it('logs a failing unmount with plugin and contribution (the page has left it, so the log is where it shows)', async () => {
    const { config, calls } = fakeParcel({ unmount: async () => Promise.reject(new Error('unmount exploded')) });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { unmount } = render(
      wrap(<ParcelMount loader={async () => config as unknown as ParcelConfig<ContributionProps>} pluginId="p" contributionId="route:p/leaving" context={testContext()} queryClient={null} />),
    );
    await screen.findByText('mounted route:p/leaving at /');
    unmount();
    await waitFor(() => expect(calls).toContain('unmount'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('[p] route:p/leaving could not be unmounted', expect.objectContaining({ message: expect.stringContaining('unmount exploded') })));
    error.mockRestore();
  });
});
