import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { renderContribution, jsonReply as reply } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import listsEn from '../../../locales/lists.en.json';
import deviceEn from '../../../locales/device.en.json';
import de from '../../../locales/de.json';
import listsDe from '../../../locales/lists.de.json';
import deviceDe from '../../../locales/device.de.json';
import { PACKAGE_LIST } from '../logic/transfer';
import { TransferConfigurationDialog } from './transfer-configuration-dialog';

const source = { id: '1', name: 'old box', type: 'adamos_NETbox', [PACKAGE_LIST]: [{ name: 'mdc', version: '2.0', repository_id: '77', url: 'u' }] };
const targets = [
  { id: '2', name: 'new box', type: 'adamos_NETbox' },
  { id: '3', name: 'spare box', type: 'adamos_NETbox' },
];
let posts: { url: string; body: { devices: string[]; netbox_RegisterSoftwarePackage?: { category?: string } } }[];

function platform(answer: Record<string, number>) {
  posts = [];
  configureClient({
    fetch: (async (url: string, init: RequestInit) => {
      if (init.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return reply(200, answer);
      }
      // The name search: `name eq '*<text>*'` in the inventory query.
      const query = new URL(url, 'http://x').searchParams.get('query') ?? '';
      const text = /name eq '\*(.*?)\*'/.exec(query)?.[1]?.toLowerCase();
      return reply(200, { managedObjects: targets.filter((d) => !text || d.name.includes(text)), statistics: { currentPage: 1, pageSize: 100 } });
    }) as typeof fetch,
  });
}

function open() {
  const alerts = { success: jest.fn(), fail: jest.fn() };
  const onClose = jest.fn();
  const { unmount } = renderContribution(<TransferConfigurationDialog source={source} alerts={alerts} onClose={onClose} />, { locales: { ...en, ...listsEn, ...deviceEn } });
  return { alerts, onClose, unmount };
}

const transferButton = () => screen.getByRole('button', { name: 'Transfer' });

describe('TransferConfigurationDialog', () => {
  it('offers Transfer only while the picked device is shown, and sends to it', async () => {
    platform({ noOfSuccessfullAssignment: 1, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: 0 });
    const { alerts } = open();
    await screen.findByRole('option', { name: 'spare box' });
    expect(transferButton()).toHaveAccessibleDescription('Select the target device first.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Target device' }), { target: { value: '3' } });
    expect(transferButton()).toBeEnabled();
    expect(transferButton()).not.toHaveAttribute('title');
    // A search that no longer finds it: the select shows no device, so nothing may be sent.
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'new' } });
    await waitFor(() => expect(screen.queryByRole('option', { name: 'spare box' })).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Target device' })).toHaveValue('');
    expect(transferButton()).toBeDisabled();
    fireEvent.change(screen.getByRole('combobox', { name: 'Target device' }), { target: { value: '2' } });
    fireEvent.click(transferButton());
    await waitFor(() =>
      expect(alerts.success).toHaveBeenCalledWith('Configuration transferred to new box: Software assignment successful Created: 1 Updated: 0 Already assigned/installed: 0 Failed: 0', 15_000),
    );
    expect(posts.map((p) => p.body.devices)).toEqual([['2']]);
    // A package entry without a category is sent as normal (spec 3: a binary's category defaults to normal).
    expect(posts[0].body.netbox_RegisterSoftwarePackage?.category).toBe('normal');
  });

  it('says "Software assignment failed" with the counts when the service refused a package', async () => {
    platform({ noOfSuccessfullAssignment: 0, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: 1 });
    const { alerts } = open();
    await screen.findByRole('option', { name: 'new box' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Target device' }), { target: { value: '2' } });
    fireEvent.click(transferButton());
    await waitFor(() => expect(alerts.fail).toHaveBeenCalledWith('Software assignment failed Created: 0 Updated: 0 Already assigned/installed: 0 Failed: 1'));
    expect(alerts.success).not.toHaveBeenCalled();
  });

  it('says that the devices could not be loaded, rather than offering none without a word', async () => {
    configureClient({ fetch: (async () => reply(500, { error: 'inventory/failed', message: 'Service down' })) as typeof fetch });
    open();
    expect(await screen.findByTestId('transfer-targets-error')).toHaveTextContent('The devices could not be loaded: Service down');
    expect(transferButton()).toBeDisabled();
  });

  it('says when no other device of the type exists, when the search finds none, and when there is nothing to transfer', async () => {
    platform({});
    targets.push({ id: '1', name: 'old box', type: 'adamos_NETbox' });
    try {
      open();
      await screen.findByRole('option', { name: 'new box' });
      expect(screen.queryByTestId('transfer-no-targets')).toBeNull();
      fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'zzz' } });
      expect(await screen.findByTestId('transfer-no-targets')).toHaveTextContent('No device of this type matches the search.');
      // Only the source itself is found: it is no target.
      fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'old' } });
      await waitFor(() => expect(screen.getByTestId('transfer-no-targets')).toHaveTextContent('No device of this type matches the search.'));
    } finally {
      targets.pop();
    }
    renderContribution(<TransferConfigurationDialog source={{ ...source, [PACKAGE_LIST]: [{ name: 'KB123', version: '1' }] }} alerts={{ success: jest.fn(), fail: jest.fn() }} onClose={jest.fn()} />, {
      locales: { ...en, ...listsEn, ...deviceEn },
    });
    expect(screen.getByTestId('transfer-no-software')).toHaveTextContent('The device has no repository software to transfer.');
  });
});

describe('TransferConfigurationDialog names', () => {
  it.each([
    ['en', { ...en, ...listsEn, ...deviceEn }, 'Search target devices', 'Target device'],
    ['de', { ...de, ...listsDe, ...deviceDe }, 'Zielgeräte suchen', 'Zielgerät'],
  ] as const)('gives the search box and the select their own names (%s; a screen reader read "Target device" for both)', async (language, locales, searchName, selectName) => {
    platform({});
    renderContribution(<TransferConfigurationDialog source={source} alerts={{ success: jest.fn(), fail: jest.fn() }} onClose={jest.fn()} />, { language, locales });
    expect(screen.getByRole('textbox', { name: searchName })).toHaveAttribute('id', 'transfer-search');
    expect(screen.getByRole('combobox', { name: selectName })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: selectName })).toBeNull();
    await screen.findByRole('option', { name: 'new box' });
  });
});

it('says the next search is being read, not that it matches no device, while the previous search (no match) still shows', async () => {
  configureClient({
    fetch: (async (url: string) => {
      const query = new URL(url, 'http://x').searchParams.get('query') ?? '';
      // "zz" finds nothing; "spare" is still on its way.
      if (query.includes('spare')) return new Promise<Response>(() => undefined) as unknown as Response;
      return reply(200, { managedObjects: query.includes('zz') ? [] : targets, statistics: { currentPage: 1, pageSize: 100 } });
    }) as typeof fetch,
  });
  open();
  await screen.findByRole('option', { name: 'spare box' });
  fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'zz' } });
  expect(await screen.findByText('No device of this type matches the search.')).toBeInTheDocument();
  fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'spare' } });
  expect(await screen.findByTestId('lookup-loading')).toBeInTheDocument();
  expect(screen.queryByText('No device of this type matches the search.')).toBeNull();
});

it('closes on Escape as opened, and asks first once a target device is chosen (the chosen one stays on Cancel)', async () => {
  platform({ noOfSuccessfullAssignment: 1, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: 0 });
  const first = open();
  fireEvent.keyDown(screen.getByLabelText('Search target devices'), { key: 'Escape' });
  expect(first.onClose).toHaveBeenCalledTimes(1);
  first.unmount();
  const { onClose } = open();
  await screen.findAllByRole('option', { name: 'new box' });
  const select = screen.getAllByRole('combobox').at(-1) as HTMLSelectElement;
  fireEvent.change(select, { target: { value: '2' } });
  await act(async () => fireEvent.keyDown(select, { key: 'Escape' }));
  expect(screen.getByRole('dialog', { name: 'Discard changes' })).toBeInTheDocument();
  await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
  expect(onClose).not.toHaveBeenCalled();
  expect(select.value).toBe('2');
});
