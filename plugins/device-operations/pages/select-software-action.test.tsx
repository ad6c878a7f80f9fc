import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { alerts } from '@shared/ui/alerts';
import { jsonReply, renderContribution, testUser } from '@shared/plugin-api/testing';
import type { Device } from '@shared/plugin-api/types';
import listsDe from '../locales/lists.de.json';
import { SelectSoftwareAction } from './select-software-action';
import { SetTimezoneAction } from './set-timezone-action';
import { tabAlerts } from './tab-alerts';

/** The dialog answers at once with one package chosen (the dialog itself is tested in shared/ui). */
jest.mock('../common/select-software/components/select-software-dialog', () => ({
  __esModule: true,
  default: ({ onClose }: { onClose: (r: unknown) => void }) => (
    <button type="button" onClick={() => onClose({ action: 'assign', forceInstallation: false, item: { kind: 'software', id: '11', name: 'mdc', version: '2.0', url: 'https://x/mdc.zip' } })}>
      choose
    </button>
  ),
}));

const DEVICE: Device = { id: '42', name: 'IoTconnector 42', type: 'adamos_NETbox' };
const OPERATOR = testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']);

/** No server job runs; the assignment is refused with 500 and the service's answer. */
function assignmentFails() {
  configureClient({
    fetch: (async (url: string) => {
      if (new URL(url, 'http://x').pathname.endsWith('/createSoftwareAssignment')) return jsonReply(500, { error: 'create-software-ng/failed', message: 'Database unavailable' });
      return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
    }) as unknown as typeof fetch,
  });
}

describe("the Software tab's Select software", () => {
  beforeEach(() => alerts.clearAll());

  it.each([
    ['en', {}, 'An unexpected error occured: 500'],
    ['de', listsDe, 'Ein unerwarteter Fehler ist aufgetreten: 500'],
  ] as const)('a failed assignment says the spec\'s text with the status and the answer (%s)', async (language, locales, lead) => {
    assignmentFails();
    renderContribution(<SelectSoftwareAction device={DEVICE} alerts={tabAlerts} />, { language, locales, device: DEVICE, context: { user: OPERATOR } });
    fireEvent.click(await screen.findByTestId('tab-select-software'));
    fireEvent.click(await screen.findByRole('button', { name: 'choose' }));
    await waitFor(() => expect(alerts.list()).toEqual([expect.objectContaining({ type: 'danger' })]));
    const text = alerts.list()[0].text;
    expect(text.startsWith(lead)).toBe(true);
    expect(text).toContain('Database unavailable');
  });
});

describe('slow answers on the device tabs', () => {
  beforeEach(() => alerts.clearAll());

  it('Select software says the assignment is being sent and cannot send a second one until it is answered', async () => {
    let answer: () => void = () => undefined;
    let sent = 0;
    configureClient({
      fetch: (async (url: string) => {
        if (new URL(url, 'http://x').pathname.endsWith('/createSoftwareAssignment')) {
          sent++;
          return new Promise<Response>((resolve) => (answer = () => resolve(jsonReply(200, { noOfSuccessfullAssignment: 1, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: 0 }))));
        }
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    renderContribution(<SelectSoftwareAction device={DEVICE} alerts={tabAlerts} />, { device: DEVICE, context: { user: OPERATOR } });
    fireEvent.click(await screen.findByTestId('tab-select-software'));
    fireEvent.click(await screen.findByRole('button', { name: 'choose' }));
    await waitFor(() => expect(sent).toBe(1));
    const button = screen.getByTestId('tab-select-software');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('title', 'The software is being assigned.');
    answer();
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).not.toHaveAttribute('aria-busy');
    expect(sent).toBe(1);
  });

  it('Set timezone says the time zone is being set and cannot send a second one until it is answered', async () => {
    let answer: () => void = () => undefined;
    let sent = 0;
    configureClient({
      fetch: (async () => {
        sent++;
        return new Promise<Response>((resolve) => (answer = () => resolve(jsonReply(200, { noOfOperationsCreated: 1 }))));
      }) as unknown as typeof fetch,
    });
    renderContribution(<SetTimezoneAction device={DEVICE} alerts={tabAlerts} />, { device: DEVICE, context: { user: OPERATOR } });
    fireEvent.click(await screen.findByTestId('tab-set-timezone'));
    fireEvent.click(await screen.findByTestId('timezone-save'));
    await waitFor(() => expect(sent).toBe(1));
    const button = screen.getByTestId('tab-set-timezone');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'The time zone is being set.');
    answer();
    await waitFor(() => expect(button).toBeEnabled());
    expect(sent).toBe(1);
  });
});
