import React, { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import type { ProfileSoftware } from '@shared/platform/create-software-ng';
import { SoftwareSelectionDialog } from './software-selection-dialog';

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

const LIST = { softwarePackageList: [{ id: '1', name: 'machine-monitor', version: '4.2.0', url: 'u1' }, { id: '2', name: 'machine-monitor', version: '4.3.0', url: 'u2' }] };

/** The profile page as it renders the dialog: a profile without software passes a new empty list on each render. */
function Page({ onDone }: { onDone: (r: unknown) => void }) {
  const [renders, setRenders] = useState(0);
  const none: ProfileSoftware[] = [];
  return (
    <>
      <button type="button" onClick={() => setRenders(renders + 1)} data-testid="page-renders">
        {renders}
      </button>
      <SoftwareSelectionDialog deviceType="adamos_NETbox" assigned={none} onDone={onDone} />
    </>
  );
}

describe('SoftwareSelectionDialog while its page renders again', () => {
  it('keeps the version the user chose (the page re-rendering, e.g. its profile read again, reset the choice and Save saved nothing)', async () => {
    global.fetch = jest.fn(async () => reply(200, LIST)) as unknown as typeof fetch;
    const onDone = jest.fn();
    renderContribution(<Page onDone={onDone} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.click(await screen.findByTestId('software-name'));
    fireEvent.click(screen.getByLabelText('4.3.0'));
    expect(screen.getByLabelText('4.3.0')).toBeChecked();
    fireEvent.click(screen.getByTestId('page-renders'));
    await waitFor(() => expect(screen.getByTestId('page-renders')).toHaveTextContent('1'));
    expect(screen.getByLabelText('4.3.0')).toBeChecked();
    fireEvent.click(within(screen.getByTestId('software-selection-dialog')).getByTestId('software-selection-save'));
    expect(onDone).toHaveBeenCalledWith({ cancelled: false, selected: [{ id: '2', name: 'machine-monitor', version: '4.3.0', url: 'u2', action: 'install' }] });
  });
});

describe('SoftwareSelectionDialog with a version chosen', () => {
  it('asks before Escape throws the choice away (staying keeps it); with nothing chosen Escape closes at once', async () => {
    global.fetch = jest.fn(async () => reply(200, LIST)) as unknown as typeof fetch;
    const onDone = jest.fn();
    renderContribution(<SoftwareSelectionDialog deviceType="adamos_NETbox" assigned={[]} onDone={onDone} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.click(await screen.findByTestId('software-name'));
    fireEvent.click(screen.getByLabelText('4.3.0'));
    await act(async () => fireEvent.keyDown(screen.getByLabelText('4.3.0'), { key: 'Escape' }));
    const asked = await screen.findByRole('dialog', { name: 'Discard changes' });
    fireEvent.click(within(asked).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes' })).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText('4.3.0')).toBeChecked();
  });

  it('closes at once on Escape while nothing is chosen', async () => {
    global.fetch = jest.fn(async () => reply(200, LIST)) as unknown as typeof fetch;
    const onDone = jest.fn();
    renderContribution(<SoftwareSelectionDialog deviceType="adamos_NETbox" assigned={[]} onDone={onDone} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.keyDown(await screen.findByTestId('software-name'), { key: 'Escape' });
    expect(onDone).toHaveBeenCalledWith({ selected: [], cancelled: true });
  });
});

describe('SoftwareSelectionDialog and Enter (README: dialogs without a form leave Enter to the focused control)', () => {
  it('Enter in the search box or on a version saves nothing and closes nothing; the version is chosen with a click, the assignment with Save', async () => {
    global.fetch = jest.fn(async () => reply(200, LIST)) as unknown as typeof fetch;
    const onDone = jest.fn();
    renderContribution(<SoftwareSelectionDialog deviceType="adamos_NETbox" assigned={[]} onDone={onDone} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.click(await screen.findByTestId('software-name'));
    // A version chosen: Save could be pressed, so an Enter that did what Save does would assign it.
    fireEvent.click(screen.getByLabelText('4.3.0'));
    expect(screen.getByTestId('software-selection-save')).toBeEnabled();
    const search = screen.getByRole('searchbox', { name: 'Filter software' });
    fireEvent.change(search, { target: { value: 'machine' } });
    await act(async () => fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' }));
    await act(async () => fireEvent.keyDown(screen.getByLabelText('4.2.0'), { key: 'Enter', code: 'Enter' }));
    await act(async () => fireEvent.keyDown(screen.getByLabelText('4.3.0'), { key: 'Enter', code: 'Enter' }));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByTestId('software-selection-dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('4.3.0')).toBeChecked();
    expect(screen.getByLabelText('4.2.0')).not.toBeChecked();
    fireEvent.click(screen.getByTestId('software-selection-save'));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith({ cancelled: false, selected: [{ id: '2', name: 'machine-monitor', version: '4.3.0', url: 'u2', action: 'install' }] });
  });
});

describe('SoftwareSelectionDialog in a new tenant', () => {
  it.each([
    ['adamos_NETbox', 'IoTconnector', 'iotconnector'],
    ['adamos_celosx', 'CELOS OS (IPC x64)', 'celosos_x64'],
    ['adamos_ipc-x64', 'CELOS OS (IPC x64)', 'celosos_x64'],
  ])('with no software of the type in the repository says where to add it (%s: a link to the repository at %s)', async (type, label, repositoryType) => {
    global.fetch = jest.fn(async () => reply(200, { softwarePackageList: [] })) as unknown as typeof fetch;
    renderContribution(<SoftwareSelectionDialog deviceType={type} assigned={[]} onDone={jest.fn()} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    const link = await screen.findByTestId('software-selection-repository');
    expect(screen.getByText(`The software repository has no software for ${label} yet: add it there, then select it here.`)).toBeInTheDocument();
    expect(link).toHaveAttribute('href', `#/software?deviceType=${repositoryType}`);
    expect(link).toHaveTextContent('Open the software repository');
  });

  it('a filter that matches nothing says only that (the repository has software)', async () => {
    global.fetch = jest.fn(async () => reply(200, LIST)) as unknown as typeof fetch;
    renderContribution(<SoftwareSelectionDialog deviceType="adamos_NETbox" assigned={[]} onDone={jest.fn()} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    await screen.findByTestId('software-name');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nothing-like-it' } });
    expect(await screen.findByText('No software to display.')).toBeInTheDocument();
    expect(screen.queryByTestId('software-selection-repository')).toBeNull();
  });
});
