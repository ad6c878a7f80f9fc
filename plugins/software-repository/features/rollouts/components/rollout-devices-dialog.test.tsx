import React, { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply, renderContribution } from '@shared/plugin-api/testing';
import type { Rollout } from '../api/rollouts';
import { RolloutDevicesDialog } from './rollout-devices-dialog';
import de from '../../../locales/de.json';

const rollout = { id: '7', name: 'machine-monitor 4.2.0', status: 'ONGOING', software: { name: 'machine-monitor', version: '4.2.0' }, counters: {} } as unknown as Rollout;

/** The dialog with its page kept as the card keeps it. */
function Paged() {
  const [at, setAt] = useState({ page: 1, pageSize: 25 });
  return <RolloutDevicesDialog rollout={rollout} result="failed" page={at.page} pageSize={at.pageSize} onPageChange={(page, pageSize) => setAt({ page, pageSize })} onClose={jest.fn()} />;
}

describe('RolloutDevicesDialog', () => {
  afterEach(() => configureClient({ fetch: undefined }));

  it('marks the page before as being replaced while the next page is read (not shown as the next page)', async () => {
    let answerPage2: () => void = () => undefined;
    configureClient({
      fetch: (async (url: string) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('currentPage'));
        if (page === 2) await new Promise<void>((resolve) => (answerPage2 = resolve));
        const devices = Array.from({ length: page === 1 ? 25 : 5 }, (_, i) => ({ id: `${page}${i}`, name: `NB page ${page} #${i}`, result: 'failed', failureReason: 'offline' }));
        return jsonReply(200, { devices, statistics: { currentPage: page, pageSize: 25, totalElements: 30 } });
      }) as unknown as typeof fetch,
    });
    renderContribution(<Paged />, { pluginId: 'software-repository' });
    await screen.findByText('NB page 1 #0');
    const table = screen.getByTestId('rollout-devices-table');
    expect(table).not.toHaveAttribute('aria-busy');
    fireEvent.click(within(screen.getByTestId('pager')).getByTestId('page-2'));
    await waitFor(() => expect(screen.getByTestId('rollout-devices-table')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('NB page 1 #0')).toBeInTheDocument();
    expect(within(screen.getByTestId('rollout-devices-dialog')).getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    await act(async () => answerPage2());
    await screen.findByText('NB page 2 #0');
    expect(screen.getByTestId('rollout-devices-table')).not.toHaveAttribute('aria-busy');
    expect(within(screen.getByTestId('rollout-devices-dialog')).queryByRole('status', { name: 'Loading…' })).toBeNull();
  });

  it('says the engine\'s reasons in the page\'s language by their code; a device\'s text and an older row\'s text as they came', async () => {
    const devices = [
      { id: '1', name: 'NB timed out', result: 'failed', failureReason: 'no answer from device', failureReasonCode: 'noAnswer', failureReasonParams: null },
      {
        id: '2',
        name: 'NB replaced',
        result: 'failed',
        failureReason: 'Version 2.0.0 replaced 1.0.0 on the device',
        failureReasonCode: 'versionReplaced',
        failureReasonParams: { installed: '2.0.0', expected: '1.0.0' },
      },
      { id: '3', name: 'NB own text', result: 'failed', failureReason: 'HTTP 404 from the store', failureReasonCode: null, failureReasonParams: null },
      // Stored before codes existed: no code fields at all.
      { id: '4', name: 'NB older row', result: 'failed', failureReason: 'Device type c8y_x does not take c8y_NETbox software' },
    ];
    configureClient({ fetch: (async () => jsonReply(200, { devices, statistics: { currentPage: 1, pageSize: 25, totalElements: 4 } })) as unknown as typeof fetch });
    renderContribution(<RolloutDevicesDialog rollout={rollout} result="failed" page={1} pageSize={25} onPageChange={jest.fn()} onClose={jest.fn()} />, {
      pluginId: 'software-repository',
      language: 'de',
      locales: de,
    });
    await screen.findByText('NB timed out');
    expect(screen.getAllByTestId('rollout-device-reason').map((c) => c.textContent)).toEqual([
      'keine Antwort vom Gerät',
      'Version 2.0.0 hat 1.0.0 auf dem Gerät ersetzt',
      'HTTP 404 from the store',
      'Device type c8y_x does not take c8y_NETbox software',
    ]);
    // The texts as the server gave them are the device's words (data), not UI text.
    expect(screen.getAllByTestId('rollout-device-reason').map((c) => c.getAttribute('translate'))).toEqual([null, null, 'no', 'no']);
  });
});
