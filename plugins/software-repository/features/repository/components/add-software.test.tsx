import React from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { alerts } from '@shared/ui/alerts';
import de from '../../../locales/de.json';
import { renderContribution, testContext, testUser } from '@shared/plugin-api/testing';
import { ContributionProviders } from '@shared/plugin-api/parcel';
import { dropFocusToPage } from '@shared/ui/test-utils';
import { AddSoftware } from './add-software';
import { leaveBlocked } from '@shared/plugin-api/leave-guard';

function openForm() {
  renderContribution(<AddSoftware deviceType="iotconnector" onAdded={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
  fireEvent.click(screen.getByTestId('add-software'));
  const form = screen.getByTestId('add-software-form');
  const fill = (testId: string, value: string) => fireEvent.change(within(form).getByTestId(testId), { target: { value } });
  for (const [testId, value] of [
    ['field-name', 'opcua'],
    ['field-version', '1.0'],
    ['field-md5', 'm'],
    ['field-sha256', 's'],
    ['field-apptype', 'APPLICATION'],
    ['field-category', 'normal'],
    ['field-password', 'password1'],
  ]) fill(testId, value);
  return { form, fill };
}

describe('AddSoftware', () => {
  it('says why Save stays disabled for a filled form without a file or URL, and stops saying it once a URL is there', () => {
    const { form, fill } = openForm();
    const save = within(form).getByTestId('add-save');
    expect(save).toBeDisabled();
    const hint = within(form).getByTestId('source-hint');
    expect(hint).toHaveTextContent('Choose a file or enter a URL to save.');
    expect(save).toHaveAttribute('aria-describedby', hint.id);
    fill('field-url', 'https://store.example/opcua-1.0.zip');
    expect(save).not.toBeDisabled();
    expect(within(form).queryByTestId('source-hint')).toBeNull();
  });

  it("says in Save's title which fields are still missing, also selects the user never touched", () => {
    renderContribution(<AddSoftware deviceType="iotconnector" onAdded={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.click(screen.getByTestId('add-software'));
    const form = screen.getByTestId('add-software-form');
    for (const [testId, value] of [['field-name', 'opcua'], ['field-version', '1.0'], ['field-md5', 'm'], ['field-sha256', 's'], ['field-password', 'password1'], ['field-url', 'https://store.example/opcua-1.0.zip']])
      fireEvent.change(within(form).getByTestId(testId), { target: { value } });
    const save = within(form).getByTestId('add-save');
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('title', 'App type: This field is required. Category: This field is required.');
    fireEvent.change(within(form).getByTestId('field-apptype'), { target: { value: 'APPLICATION' } });
    fireEvent.change(within(form).getByTestId('field-category'), { target: { value: 'normal' } });
    expect(save).not.toBeDisabled();
    expect(save).not.toHaveAttribute('title');
  });

  it('says when the URL is no http(s) address and keeps Save disabled', () => {
    const { form, fill } = openForm();
    fill('field-url', 'store.example/opcua-1.0.zip');
    expect(within(form).getByTestId('add-save')).toBeDisabled();
    expect(within(form).getByText('Enter a URL that starts with http:// or https://.')).toBeInTheDocument();
    fill('field-url', 'https://store.example/opcua-1.0.zip');
    expect(within(form).getByTestId('add-save')).not.toBeDisabled();
    expect(within(form).queryByText('Enter a URL that starts with http:// or https://.')).toBeNull();
  });
});

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body), json: async () => body }) as unknown as Response;

describe('AddSoftware dropdown (spec 4: a blank form on open, discarded on close)', () => {
  it('opens blank again after it was closed with typed values', () => {
    const { form, fill } = openForm();
    fill('field-url', 'https://store.example/opcua-1.0.zip');
    expect(within(form).getByTestId('field-name')).toHaveValue('opcua');
    fireEvent.click(screen.getByTestId('add-cancel'));
    expect(screen.queryByTestId('add-software-form')).toBeNull();
    fireEvent.click(screen.getByTestId('add-software'));
    const again = screen.getByTestId('add-software-form');
    for (const testId of ['field-name', 'field-version', 'field-md5', 'field-sha256', 'field-password', 'field-url', 'field-full_packagename']) expect([testId, (within(again).getByTestId(testId) as HTMLInputElement).value]).toEqual([testId, '']);
    expect(within(again).getByTestId('field-installation_requires_approval')).not.toBeChecked();
  });
});

describe('AddSoftware failures (spec 8, in German)', () => {
  const danger = jest.spyOn(alerts, 'danger');
  afterEach(() => danger.mockClear());

  function render() {
    renderContribution(<AddSoftware deviceType="iotconnector" onAdded={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) }, language: 'de', locales: de });
    fireEvent.click(screen.getByTestId('add-software'));
    const form = screen.getByTestId('add-software-form');
    for (const [testId, value] of [['field-name', 'opcua'], ['field-version', '1.0'], ['field-md5', 'm'], ['field-sha256', 's'], ['field-apptype', 'APPLICATION'], ['field-category', 'normal'], ['field-password', 'password1']])
      fireEvent.change(within(form).getByTestId(testId), { target: { value } });
    return form;
  }

  it("says 'Error uploading file' when the file upload fails, and keeps the form", async () => {
    global.fetch = jest.fn(async () => reply(500, { message: 'disk full' })) as unknown as typeof fetch;
    const form = render();
    fireEvent.change(within(form).getByTestId('file-input'), { target: { files: [new File(['PK'], 'opcua-1.0.zip', { type: 'application/zip' })] } });
    fireEvent.click(within(form).getByTestId('add-save'));
    await waitFor(() => expect(danger).toHaveBeenCalledWith('Fehler beim Hochladen der Datei', expect.objectContaining({ detail: expect.stringContaining('disk full') })));
    expect(within(screen.getByTestId('add-software-form')).getByTestId('field-name')).toHaveValue('opcua');
  });

  it("takes the failed Save's alert away when Save is pressed again (it stayed beside 'Software successfully added.')", async () => {
    alerts.clearAll();
    let down = true;
    global.fetch = jest.fn(async () => {
      if (down) throw new TypeError('Failed to fetch');
      return reply(200, { id: '7', inventoryManagedObjectUrl: 'https://x/inventory/managedObjects/7' });
    }) as unknown as typeof fetch;
    const form = render();
    fireEvent.change(within(form).getByTestId('field-url'), { target: { value: 'https://store.example/opcua-1.0.zip' } });
    fireEvent.click(within(form).getByTestId('add-save'));
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toEqual(['Fehler beim Anlegen der Software.']));
    down = false;
    const save = within(screen.getByTestId('add-software-form')).getByTestId('add-save');
    await waitFor(() => expect(save).not.toBeDisabled());
    fireEvent.click(save);
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toEqual(['Software erfolgreich hinzugefügt.']));
    alerts.clearAll();
  });

  it("says 'Error creating software.' when the service refuses the package, and keeps the form", async () => {
    global.fetch = jest.fn(async () => reply(500, { message: 'service down' })) as unknown as typeof fetch;
    const form = render();
    fireEvent.change(within(form).getByTestId('field-url'), { target: { value: 'https://store.example/opcua-1.0.zip' } });
    fireEvent.click(within(form).getByTestId('add-save'));
    await waitFor(() => expect(danger).toHaveBeenCalledWith('Fehler beim Anlegen der Software.', expect.objectContaining({ detail: expect.stringContaining('service down') })));
    expect(within(screen.getByTestId('add-software-form')).getByTestId('field-url')).toHaveValue('https://store.example/opcua-1.0.zip');
  });
});

describe('AddSoftware drop zone (spec 5: only one file or URL may be picked)', () => {
  const drop = (files: File[]) => fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files } });

  it('takes none of several dropped files and says why (in German), then takes a single one', () => {
    renderContribution(<AddSoftware deviceType="iotconnector" onAdded={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) }, language: 'de', locales: de });
    fireEvent.click(screen.getByTestId('add-software'));
    drop([new File(['a'], 'a-1.0.zip'), new File(['b'], 'b-1.0.zip')]);
    expect(screen.queryByTestId('chosen-file')).toBeNull();
    const message = screen.getByTestId('too-many-files');
    expect(message).toHaveTextContent('Es kann nur eine Datei hinzugefügt werden: Legen Sie eine einzelne Datei ab.');
    expect(screen.getByTestId('drop-zone')).toHaveAttribute('aria-describedby', message.id);
    drop([new File(['a'], 'a-1.0.zip')]);
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('a-1.0.zip');
    expect(screen.getByTestId('field-full_packagename')).toHaveValue('a-1.0.zip');
    expect(screen.queryByTestId('too-many-files')).toBeNull();
  });
});

describe('AddSoftware hostile input and keyboard', () => {
  it('takes no empty file and says why (in German), keeping what was typed; a file with content is taken', () => {
    renderContribution(<AddSoftware deviceType="iotconnector" onAdded={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) }, language: 'de', locales: de });
    fireEvent.click(screen.getByTestId('add-software'));
    const form = screen.getByTestId('add-software-form');
    fireEvent.change(within(form).getByTestId('field-name'), { target: { value: 'opcua' } });
    fireEvent.change(within(form).getByTestId('file-input'), { target: { files: [new File([], 'opcua-1.0.zip')] } });
    expect(screen.queryByTestId('chosen-file')).toBeNull();
    const message = screen.getByTestId('empty-file');
    expect(message).toHaveTextContent('Die gewählte Datei ist leer: Wählen Sie eine Datei mit Inhalt.');
    expect(message).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('drop-zone')).toHaveAttribute('aria-describedby', message.id);
    expect(within(form).getByTestId('field-name')).toHaveValue('opcua');
    fireEvent.change(within(form).getByTestId('file-input'), { target: { files: [new File(['PK'], 'opcua-1.0.zip')] } });
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('opcua-1.0.zip');
    expect(screen.queryByTestId('empty-file')).toBeNull();
  });

  it("names a field's error as its description and announces it", () => {
    const { form, fill } = openForm();
    fill('field-password', 'short');
    const password = within(form).getByTestId('field-password');
    const error = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(error).toHaveTextContent('Password must be at minimum 8 characters');
    expect(error).toHaveAttribute('role', 'alert');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    fill('field-password', 'password1');
    expect(password).not.toHaveAttribute('aria-describedby');
  });

  it('gives the focus back to Add software when Cancel or a save closes the form (not to the page)', async () => {
    global.fetch = jest.fn(async () => reply(200, { id: '7', inventoryManagedObjectUrl: 'https://x/inventory/managedObjects/7' })) as unknown as typeof fetch;
    const { form } = openForm();
    within(form).getByTestId('add-cancel').focus();
    fireEvent.click(within(form).getByTestId('add-cancel'));
    expect(screen.getByTestId('add-software')).toHaveFocus();
    fireEvent.click(screen.getByTestId('add-software'));
    const again = screen.getByTestId('add-software-form');
    for (const [testId, value] of [['field-name', 'opcua'], ['field-version', '1.0'], ['field-md5', 'm'], ['field-sha256', 's'], ['field-apptype', 'APPLICATION'], ['field-category', 'normal'], ['field-password', 'password1'], ['field-url', 'https://store.example/opcua-1.0.zip']])
      fireEvent.change(within(again).getByTestId(testId), { target: { value } });
    within(again).getByTestId('add-save').focus();
    fireEvent.click(within(again).getByTestId('add-save'));
    await waitFor(() => expect(screen.queryByTestId('add-software-form')).toBeNull());
    expect(screen.getByTestId('add-software')).toHaveFocus();
  });
});

describe('AddSoftware save failure by keyboard', () => {
  it('gives the focus back to Save after a failed save (it fell to the page while Save was disabled)', async () => {
    global.fetch = jest.fn(async () => reply(500, { message: 'service down' })) as unknown as typeof fetch;
    const { form, fill } = openForm();
    fill('field-url', 'https://store.example/opcua-1.0.zip');
    const save = within(form).getByTestId('add-save');
    save.focus();
    fireEvent.click(save);
    dropFocusToPage();
    await waitFor(() => expect(within(screen.getByTestId('add-software-form')).getByTestId('add-save')).toBeEnabled());
    expect(within(screen.getByTestId('add-software-form')).getByTestId('add-save')).toHaveFocus();
  });
});

describe('AddSoftware on a slow network', () => {
  const danger = jest.spyOn(alerts, 'danger');
  afterEach(() => danger.mockClear());

  it('keeps the form open while the save runs (a click elsewhere, Escape, Cancel and the toggle do not close it): closed, a refusal lost everything typed', async () => {
    let answer: (r: Response) => void = () => undefined;
    global.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch;
    renderContribution(<AddSoftware deviceType="iotconnector" onAdded={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) }, language: 'de', locales: de });
    fireEvent.click(screen.getByTestId('add-software'));
    const form = screen.getByTestId('add-software-form');
    for (const [testId, value] of [['field-name', 'opcua'], ['field-version', '1.0'], ['field-md5', 'm'], ['field-sha256', 's'], ['field-apptype', 'APPLICATION'], ['field-category', 'normal'], ['field-password', 'password1'], ['field-url', 'https://store.example/opcua-1.0.zip']])
      fireEvent.change(within(form).getByTestId(testId), { target: { value } });
    fireEvent.click(within(form).getByTestId('add-save'));
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
    fireEvent.mouseDown(document.body);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(within(form).getByTestId('add-cancel')).toBeDisabled();
    expect(within(form).getByTestId('add-cancel')).toHaveAccessibleDescription(de['The software is being added.']);
    expect(screen.getByTestId('add-software')).toBeDisabled();
    expect(screen.getByTestId('add-software-form')).toBe(form);
    answer(reply(500, { message: 'service down' }));
    await waitFor(() => expect(danger).toHaveBeenCalledWith('Fehler beim Anlegen der Software.', expect.objectContaining({ detail: expect.stringContaining('service down') })));
    expect(within(screen.getByTestId('add-software-form')).getByTestId('field-name')).toHaveValue('opcua');
    expect(screen.getByTestId('add-software')).toBeEnabled();
  });
});

describe('AddSoftware with unsaved edits', () => {
  const question = () => screen.queryByRole('dialog', { name: 'Discard changes' });

  it('closes a blank form at once on a click beside it and on Escape', () => {
    renderContribution(<AddSoftware deviceType="iotconnector" onAdded={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.click(screen.getByTestId('add-software'));
    fireEvent.mouseDown(document.body);
    expect(screen.queryByTestId('add-software-form')).toBeNull();
    fireEvent.click(screen.getByTestId('add-software'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('add-software-form')).toBeNull();
    expect(leaveBlocked()).toBe(false);
  });

  it('keeps a filled form on a click beside it; Escape and the toggle ask first (staying keeps the edits, Discard closes); leaving the page asks meanwhile', async () => {
    const { form } = openForm();
    expect(leaveBlocked()).toBe(true);
    fireEvent.mouseDown(document.body);
    expect(screen.getByTestId('add-software-form')).toBe(form);
    expect(question()).toBeNull();

    fireEvent.keyDown(document, { key: 'Escape' });
    const asked = await screen.findByRole('dialog', { name: 'Discard changes' });
    expect(asked).toHaveTextContent('You are about to close this dialog and discard the changes made. Do you want to proceed?');
    fireEvent.click(within(asked).getByTestId('confirm-cancel'));
    await waitFor(() => expect(question()).toBeNull());
    expect(within(screen.getByTestId('add-software-form')).getByTestId('field-name')).toHaveValue('opcua');

    fireEvent.click(screen.getByTestId('add-software'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes' })).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByTestId('add-software-form')).toBeNull());
    expect(leaveBlocked()).toBe(false);
  });

  it("closes at once on the form's own Cancel (the user's choice) and holds nothing after", () => {
    openForm();
    fireEvent.click(screen.getByTestId('add-cancel'));
    expect(screen.queryByTestId('add-software-form')).toBeNull();
    expect(question()).toBeNull();
    expect(leaveBlocked()).toBe(false);
  });
});

describe('AddSoftware when another device type is chosen', () => {
  it('discards the form of the type before (the page asked first when it held edits), holding nothing after', () => {
    const view = renderContribution(<AddSoftware deviceType="iotconnector" onAdded={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.click(screen.getByTestId('add-software'));
    fireEvent.change(within(screen.getByTestId('add-software-form')).getByTestId('field-name'), { target: { value: 'opcua' } });
    expect(leaveBlocked()).toBe(true);
    const form = screen.getByTestId('add-software-form');
    // The same providers: only the device type changes (the page stays).
    view.rerender(
      <ContributionProviders props={{ pluginId: 'software-repository', contributionId: 'test', context: testContext({ user: testUser(['ROLE_INVENTORY_ADMIN']) }), queryClient: view.queryClient }}>
        <AddSoftware deviceType="iotconnector" onAdded={jest.fn()} />
      </ContributionProviders>,
    );
    expect(screen.getByTestId('add-software-form')).toBe(form);
    view.rerender(
      <ContributionProviders props={{ pluginId: 'software-repository', contributionId: 'test', context: testContext({ user: testUser(['ROLE_INVENTORY_ADMIN']) }), queryClient: view.queryClient }}>
        <AddSoftware deviceType="celosos_x64" onAdded={jest.fn()} />
      </ContributionProviders>,
    );
    expect(screen.queryByTestId('add-software-form')).toBeNull();
    expect(screen.getByTestId('add-software')).toBeInTheDocument();
    expect(leaveBlocked()).toBe(false);
  });
});
