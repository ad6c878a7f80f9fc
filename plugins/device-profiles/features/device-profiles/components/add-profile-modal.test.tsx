import React from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import { AddProfileModal } from './add-profile-modal';
import de from '../../../locales/de.json';

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

const RESTRICTIONS = { alreadyUsedProfileNames: [], alreadyAssignedGroups: [], deviceTypeWithDefaultProfile: [] };

/** Restrictions and groups answer; the create answers `created`. */
function serve(created: Response) {
  global.fetch = jest.fn(async (input: string, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/deviceProfile/restrictions')) return reply(200, RESTRICTIONS);
    if (url.includes('c8y_IsDeviceGroup')) return reply(200, { managedObjects: [], statistics: { pageSize: 2000, currentPage: 1 } });
    if (init?.method === 'POST') return created;
    return reply(404, { message: `unexpected ${url}` });
  }) as unknown as typeof fetch;
}

async function fillAndContinue() {
  await waitFor(() => expect(screen.getByRole('textbox', { name: de.Name })).not.toBeDisabled());
  // Before anything is typed Continue says what it waits for, though no field shows its message yet.
  expect(screen.getByTestId('add-profile-continue')).toBeDisabled();
  expect(screen.getByTestId('add-profile-continue')).toHaveAccessibleDescription(`${de['Name is required.']} ${de['Device type is required.']}`);
  fireEvent.change(screen.getByRole('textbox', { name: de.Name }), { target: { value: 'New profile' } });
  fireEvent.change(screen.getByRole('combobox', { name: de['Device type'] }), { target: { value: 'adamos_NETbox' } });
  fireEvent.click(screen.getByTestId('add-profile-continue'));
}

describe('AddProfileModal', () => {
  it("marks its required fields '*' and says in view what an empty form's disabled Continue waits for, as Add software does", async () => {
    serve(reply(500, {}));
    renderContribution(<AddProfileModal onClose={jest.fn()} onCreated={jest.fn()} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) }, language: 'de', locales: de });
    await waitFor(() => expect(screen.getByRole('textbox', { name: de.Name })).not.toBeDisabled());
    const label = (name: string) => screen.getByText(name, { selector: 'label' });
    expect(label(de.Name)).toHaveTextContent(`${de.Name} *`);
    expect(label(de['Device type'])).toHaveTextContent(`${de['Device type']} *`);
    // The group is required only for a type that has a default profile already.
    expect(label(de['Device Group'])).not.toHaveTextContent('*');
    expect(screen.getByTestId('add-profile-continue')).toBeDisabled();
    expect(screen.getByTestId('add-profile-hint')).toHaveTextContent(de['Fill in the fields marked * to continue.']);
    fireEvent.change(screen.getByRole('textbox', { name: de.Name }), { target: { value: 'New profile' } });
    fireEvent.change(screen.getByRole('combobox', { name: de['Device type'] }), { target: { value: 'adamos_NETbox' } });
    // Every field touched: their own messages say the rest; the form here is valid.
    expect(screen.queryByTestId('add-profile-hint')).toBeNull();
    expect(screen.getByTestId('add-profile-continue')).toBeEnabled();
  });

  it('says a creation failure without a known code (and logs its cause) instead of only logging it', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(reply(500, { error: 'x', message: 'database down' }));
    renderContribution(<AddProfileModal onClose={jest.fn()} onCreated={jest.fn()} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) }, language: 'de', locales: de });
    await fillAndContinue();
    expect(await screen.findByTestId('add-profile-error')).toHaveTextContent('Geräteprofil konnte nicht erstellt werden');
    expect(consoleError).toHaveBeenCalledWith('Device profile creation failed', ['UNKNOWN'], expect.objectContaining({ status: 500, message: 'database down' }));
    expect(screen.getByTestId('add-profile-continue')).toBeDisabled();
    consoleError.mockRestore();
  });
});

describe('AddProfileModal duplicating', () => {
  it('names the profile another user deleted meanwhile instead of a bare "Failed to create device profile", and reads the list again', async () => {
    serve(reply(404, { error: 'inventory/Not Found', message: 'Device profile 117 not found.' }));
    const { queryClient } = renderContribution(<AddProfileModal onClose={jest.fn()} onCreated={jest.fn()} duplicateOf={{ id: '117', name: 'IoTconnector Bielefeld', deviceType: 'adamos_NETbox' }} />, {
      pluginId: 'device-profiles',
      context: { user: testUser(['ROLE_INVENTORY_ADMIN']) },
      language: 'de',
      locales: de,
    });
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() => expect(screen.getByTestId('add-profile-continue')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('add-profile-continue'));
    expect(await screen.findByTestId('add-profile-error')).toHaveTextContent('Das Geräteprofil IoTconnector Bielefeld existiert nicht mehr: Ein anderer Benutzer hat es gelöscht. Es wurde nichts gespeichert.');
    expect(screen.getByTestId('add-profile-continue')).toBeDisabled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['device-profiles', 'profiles', 'list'] });
  });
});

describe('AddProfileModal by keyboard', () => {
  it('puts the focus in Name once the restrictions are read (it stayed on the close button, typing went nowhere)', async () => {
    serve(reply(201, { ok: { id: '1' }, errors: [] }));
    renderContribution(<AddProfileModal onClose={jest.fn()} onCreated={jest.fn()} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) }, language: 'de', locales: de });
    await waitFor(() => expect(screen.getByRole('textbox', { name: de.Name })).not.toBeDisabled());
    await waitFor(() => expect(screen.getByRole('textbox', { name: de.Name })).toHaveFocus());
  });

  it('continues on Enter in the name once the form is valid, not before', async () => {
    serve(reply(201, { ok: { id: '77', name: 'New profile', deviceType: 'adamos_NETbox' }, errors: [] }));
    const onCreated = jest.fn();
    renderContribution(<AddProfileModal onClose={jest.fn()} onCreated={onCreated} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).not.toBeDisabled());
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'New profile' } });
    // No device type yet: Enter creates nothing.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Enter' });
    expect((global.fetch as jest.Mock).mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByRole('combobox', { name: 'Device type' }), { target: { value: 'adamos_NETbox' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Enter' });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('77'));
    expect((global.fetch as jest.Mock).mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toHaveLength(1);
  });
});

describe('AddProfileModal when another user was faster', () => {
  it('reads the restrictions again after the service refuses a second default profile, and says a group is required', async () => {
    let restrictions: { alreadyUsedProfileNames: string[]; alreadyAssignedGroups: string[]; deviceTypeWithDefaultProfile: string[] } = RESTRICTIONS;
    global.fetch = jest.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/deviceProfile/restrictions')) return reply(200, restrictions);
      if (url.includes('c8y_IsDeviceGroup')) return reply(200, { managedObjects: [{ id: '900', name: 'Plant' }], statistics: { pageSize: 2000, currentPage: 1 } });
      if (init?.method === 'POST') return reply(422, { error: 'create-software-ng/profileValidation', message: 'Default profile already available. A device group is required.', errors: ['DEFAULT_PROFILE_ALREADY_AVAILABLE'] });
      return reply(404, { message: `unexpected ${url}` });
    }) as unknown as typeof fetch;
    renderContribution(<AddProfileModal onClose={jest.fn()} onCreated={jest.fn()} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).not.toBeDisabled());
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'New profile' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Device type' }), { target: { value: 'adamos_NETbox' } });
    // Another user creates the type's default profile now.
    restrictions = { ...RESTRICTIONS, deviceTypeWithDefaultProfile: ['adamos_NETbox'] };
    fireEvent.click(screen.getByTestId('add-profile-continue'));
    expect(await screen.findByTestId('add-profile-error')).toHaveTextContent('Default profile already available. A device group is required.');
    // The form knows it now: choosing a group clears the banner and Continue stays possible.
    await waitFor(() => expect(screen.getAllByText('Default profile already available. A device group is required.')).toHaveLength(2));
    fireEvent.change(screen.getByRole('combobox', { name: 'Device Group' }), { target: { value: '900' } });
    expect(screen.queryByTestId('add-profile-error')).toBeNull();
    expect(screen.getByTestId('add-profile-continue')).not.toBeDisabled();
  });
});

describe('AddProfileModal creation error codes (spec 8, in German)', () => {
  it.each([
    ['NAME_NOT_UNIQUE', 'Gerätename ist nicht eindeutig.'],
    ['GROUP_ALREADY_ASSIGNED_TO_PROFILE', 'Gruppe wird bereits von einem anderen Profil verwendet.'],
  ])('says %s as the spec words it, keeps what was typed and blocks Continue until a field changes', async (code, message) => {
    serve(reply(422, { error: 'create-software-ng/profileValidation', message: 'refused', errors: [code] }));
    renderContribution(<AddProfileModal onClose={jest.fn()} onCreated={jest.fn()} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) }, language: 'de', locales: de });
    await fillAndContinue();
    expect(await screen.findByTestId('add-profile-error')).toHaveTextContent(message);
    expect(screen.getByTestId('add-profile-continue')).toBeDisabled();
    expect(screen.getByTestId('add-profile-continue')).toHaveAccessibleDescription(message);
    expect(screen.getByRole('textbox', { name: de.Name })).toHaveValue('New profile');
    fireEvent.change(screen.getByRole('textbox', { name: de.Name }), { target: { value: 'Another profile' } });
    expect(screen.queryByTestId('add-profile-error')).toBeNull();
  });
});

describe('AddProfileModal on a slow network', () => {
  it('stays open while the create runs (Cancel and × disabled with the reason, Escape ignored): closing it made the page jump to the new profile later', async () => {
    let answer: (r: Response) => void = () => undefined;
    serve(reply(500, {}));
    const fetchMock = global.fetch as jest.Mock;
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init?: RequestInit) => (init?.method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : inner(input, init)));
    const onClose = jest.fn();
    const onCreated = jest.fn();
    renderContribution(<AddProfileModal onClose={onClose} onCreated={onCreated} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) }, language: 'de', locales: de });
    await fillAndContinue();
    await waitFor(() => expect(screen.getByTestId('add-profile-cancel')).toBeDisabled());
    expect(screen.getByTestId('add-profile-cancel')).toHaveAccessibleDescription(de['The device profile is being created.']);
    fireEvent.click(screen.getByTestId('add-profile-cancel'));
    // Escape comes as the dialog's cancel event; the × is disabled.
    fireEvent(document.querySelector('dialog')!, new Event('cancel', { cancelable: true }));
    expect(document.querySelector<HTMLButtonElement>('.modal-header .close')).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
    answer(reply(201, { ok: { id: '78', name: 'New profile', deviceType: 'adamos_NETbox' }, errors: [] }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('78'));
    expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toHaveLength(1);
  });
});

describe('AddProfileModal with unsaved changes', () => {
  const render = (props: Partial<React.ComponentProps<typeof AddProfileModal>> = {}) => {
    serve(reply(201, { ok: { id: '1' }, errors: [] }));
    const onClose = jest.fn();
    renderContribution(<AddProfileModal onClose={onClose} onCreated={jest.fn()} {...props} />, { pluginId: 'device-profiles', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    return onClose;
  };

  it('closes the blank form at once on Escape', async () => {
    const onClose = render();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).not.toBeDisabled());
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes a duplicate as prefilled at once on Escape', async () => {
    const onClose = render({ duplicateOf: { id: '117', name: 'IoTconnector Bielefeld', deviceType: 'adamos_NETbox' } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).not.toBeDisabled());
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Escape throws a typed name away (staying keeps it); Cancel closes at once', async () => {
    const onClose = render();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).not.toBeDisabled());
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Plant Bielefeld' } });
    await act(async () => fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Escape' }));
    const asked = await screen.findByRole('dialog', { name: 'Discard changes' });
    fireEvent.click(within(asked).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Plant Bielefeld');
    fireEvent.click(screen.getByTestId('add-profile-cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
