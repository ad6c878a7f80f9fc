import React from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { alerts } from '@shared/ui/alerts';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import { dropFocusToPage } from '@shared/ui/test-utils';
import type { SoftwarePackage } from '@shared/platform/create-software-ng';
import { SoftwareCard } from './software-card';
import { leaveBlocked } from '@shared/plugin-api/leave-guard';
import de from '../../../locales/de.json';

const pkg = {
  id: '42',
  name: 'machine-monitor',
  version: '4.2.0',
  type: 'c8y_Software',
  md5: 'abc',
  sha256: 'def',
  apptype: 'APPLICATION',
  category: 'normal',
  installation_requires_approval: false,
  full_packagename: 'machine-monitor-4.2.0.zip',
} as SoftwarePackage;

/** The back side's fields a write changes. */
const WRITABLE = ['field-md5', 'field-sha256', 'field-apptype', 'field-category', 'field-password', 'field-installation_requires_approval'];

function openBack(roles: string[]) {
  renderContribution(<SoftwareCard pkg={pkg} menu={[]} onChanged={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(roles) } });
  fireEvent.click(screen.getByTestId('details'));
  return screen.getByTestId('edit-form');
}

const locked = (el: HTMLElement) => (el as HTMLInputElement).readOnly || (el as HTMLInputElement).disabled;

describe('SoftwareCard back side', () => {
  it('is read-only for a user who may not write the package, and says why', () => {
    const form = openBack(['ROLE_INVENTORY_READ']);
    for (const testId of WRITABLE) {
      const field = within(form).getByTestId(testId);
      expect([testId, locked(field)]).toEqual([testId, true]);
      expect(field).toHaveAttribute('title', expect.stringContaining('Not permitted'));
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')).toHaveTextContent('Not permitted');
    }
  });

  it('is editable for a user who may write the package', () => {
    const form = openBack(['ROLE_INVENTORY_ADMIN']);
    for (const testId of WRITABLE) expect([testId, locked(within(form).getByTestId(testId))]).toEqual([testId, false]);
    fireEvent.change(within(form).getByTestId('field-md5'), { target: { value: 'new' } });
    expect(within(form).getByTestId('field-md5')).toHaveValue('new');
  });
});

describe('SoftwareCard category', () => {
  it('names the categories in German (the values sent stay normal and critical)', () => {
    renderContribution(<SoftwareCard pkg={pkg} menu={[]} onChanged={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: testUser(['ROLE_INVENTORY_ADMIN']) },
      language: 'de',
      locales: de,
    });
    fireEvent.click(screen.getByTestId('details'));
    const select = screen.getByTestId('field-category') as HTMLSelectElement;
    const options = [...select.options].filter((o) => o.value).map((o) => [o.value, o.text]);
    expect(options).toEqual([
      ['normal', 'Normal'],
      ['critical', 'Kritisch'],
    ]);
  });
});

describe('SoftwareCard Delete software', () => {
  const ADMIN = ['ROLE_INVENTORY_ADMIN', 'ROLE_MANAGE_SOFTWARE_ADMIN'];
  const openMenu = (p: SoftwarePackage) => {
    renderContribution(<SoftwareCard pkg={p} menu={[]} onChanged={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(ADMIN) } });
    fireEvent.click(screen.getByTestId('card-menu'));
    return screen.getByTestId('delete-software');
  };

  // The repository is the catalogue: a software admin removes an agent package from it too (a
  // device's installed agent is what device-operations spec 5 keeps).
  it.each(['APPLICATION', 'AGENTUPDATER', 'WINDOWS'])('is offered for a %s package to a software admin', (apptype) => {
    expect(openMenu({ ...pkg, apptype } as SoftwarePackage)).toBeEnabled();
  });
});

describe('SoftwareCard hostile version', () => {
  it('wraps a long version without spaces inside the card', () => {
    const version = '1.0.0-' + 'beta'.repeat(20);
    renderContribution(<SoftwareCard pkg={{ ...pkg, version }} menu={[]} onChanged={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser([]) } });
    expect((screen.getByTestId('card-version').closest('p') as HTMLElement).style.overflowWrap).toBe('anywhere');
  });
});

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body), json: async () => body }) as unknown as Response;

describe('SoftwareCard edit form (spec 4: created from the package on the way to the back)', () => {
  it('is discarded by Back: Details again shows the package, not the edit', async () => {
    jest.useFakeTimers();
    try {
      const form = openBack(['ROLE_INVENTORY_ADMIN']);
      fireEvent.change(within(form).getByTestId('field-md5'), { target: { value: 'edited' } });
      fireEvent.click(within(form).getByTestId('back'));
      act(() => jest.advanceTimersByTime(600));
      expect(screen.queryByTestId('edit-form')).toBeNull();
      fireEvent.click(screen.getByTestId('details'));
      expect(within(screen.getByTestId('edit-form')).getByTestId('field-md5')).toHaveValue('abc');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('SoftwareCard failures (spec 8, in German)', () => {
  const danger = jest.spyOn(alerts, 'danger');
  afterEach(() => danger.mockClear());
  const render = () =>
    renderContribution(<SoftwareCard pkg={pkg} menu={[]} onChanged={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: testUser(['ROLE_INVENTORY_ADMIN', 'ROLE_MANAGE_SOFTWARE_ADMIN']) },
      language: 'de',
      locales: de,
    });

  it("says 'Error updating software.' when the save is refused, and keeps the edit", async () => {
    global.fetch = jest.fn(async (_url: string, init?: RequestInit) => (init?.method === 'PUT' ? reply(500, { message: 'service down' }) : reply(200, pkg))) as unknown as typeof fetch;
    render();
    fireEvent.click(screen.getByTestId('details'));
    const form = screen.getByTestId('edit-form');
    fireEvent.change(within(form).getByTestId('field-md5'), { target: { value: 'edited' } });
    fireEvent.click(within(form).getByTestId('edit-save'));
    await waitFor(() => expect(danger).toHaveBeenCalledWith('Fehler beim Aktualisieren der Software.', expect.objectContaining({ detail: expect.stringContaining('service down') })));
    expect(within(screen.getByTestId('edit-form')).getByTestId('field-md5')).toHaveValue('edited');
  });

  it("takes the failed Save's alert away when Save is pressed again (it stayed beside the success once the connection was back)", async () => {
    alerts.clearAll();
    let down = true;
    global.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'PUT') return reply(200, pkg);
      if (down) throw new TypeError('Failed to fetch');
      return reply(200, { id: '42', inventoryManagedObjectUrl: 'https://x/inventory/managedObjects/42' });
    }) as unknown as typeof fetch;
    render();
    fireEvent.click(screen.getByTestId('details'));
    const form = screen.getByTestId('edit-form');
    fireEvent.change(within(form).getByTestId('field-md5'), { target: { value: 'edited' } });
    fireEvent.click(within(form).getByTestId('edit-save'));
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toEqual(['Fehler beim Aktualisieren der Software.']));
    down = false;
    const save = within(screen.getByTestId('edit-form')).getByTestId('edit-save');
    await waitFor(() => expect(save).not.toBeDisabled());
    fireEvent.click(save);
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toEqual([de['Software successfully updated.']]));
    alerts.clearAll();
  });

  it("takes the failed Delete's alert away when Delete is tried again and works (README: an action tried again removes its previous failure's alert)", async () => {
    alerts.clearAll();
    let down = true;
    const onChanged = jest.fn();
    global.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'DELETE') return reply(200, pkg);
      return down ? reply(500, { message: 'service down' }) : reply(204, null);
    }) as unknown as typeof fetch;
    renderContribution(<SoftwareCard pkg={pkg} menu={[]} onChanged={onChanged} />, {
      pluginId: 'software-repository',
      context: { user: testUser(['ROLE_INVENTORY_ADMIN', 'ROLE_MANAGE_SOFTWARE_ADMIN']) },
      language: 'de',
      locales: de,
    });
    const del = async () => {
      fireEvent.click(screen.getByTestId('card-menu'));
      await waitFor(() => expect(screen.getByTestId('delete-software')).toBeEnabled());
      fireEvent.click(screen.getByTestId('delete-software'));
      const ok = within(await screen.findByRole('dialog')).getByTestId('confirm-ok');
      await act(async () => fireEvent.click(ok));
    };
    await del();
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toEqual(['Fehler beim Entfernen der Software.']));
    expect(onChanged).not.toHaveBeenCalled();
    down = false;
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await del();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(alerts.list().map((a) => a.text)).toEqual([de['Software successfully removed.']]);
    expect(alerts.list().some((a) => a.type === 'danger')).toBe(false);
    act(() => alerts.clearAll());
  });

  it("asks 'Löschen bestätigen?' with the spec's question and says 'Error removing software.' when the delete is refused", async () => {
    global.fetch = jest.fn(async () => reply(500, { message: 'service down' })) as unknown as typeof fetch;
    render();
    fireEvent.click(screen.getByTestId('card-menu'));
    fireEvent.click(screen.getByTestId('delete-software'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Löschen bestätigen?');
    // Which version goes: the repository holds several of a name.
    expect(dialog).toHaveTextContent('Wollen Sie die Software machine-monitor 4.2.0 wirklich entfernen?');
    expect(within(dialog).getByTestId('confirm-ok')).toHaveTextContent('Löschen');
    expect(within(dialog).getByTestId('confirm-cancel')).toHaveTextContent('Abbrechen');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(danger).toHaveBeenCalledWith('Fehler beim Entfernen der Software.', expect.objectContaining({ detail: expect.stringContaining('service down') })));
  });
});

describe('SoftwareCard menu by keyboard', () => {
  const ADMIN = ['ROLE_INVENTORY_ADMIN', 'ROLE_MANAGE_SOFTWARE_ADMIN'];
  const entry = { label: 'Edit dependencies', testId: 'edit-dependencies', onSelect: jest.fn() };

  it('opens with the focus on its first entry; the arrow keys move through the entries and wrap', () => {
    renderContribution(<SoftwareCard pkg={pkg} menu={[entry]} onChanged={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(ADMIN) } });
    fireEvent.click(screen.getByTestId('card-menu'));
    expect(screen.getByTestId('edit-dependencies')).toHaveFocus();
    fireEvent.keyDown(screen.getByTestId('edit-dependencies'), { key: 'ArrowDown' });
    expect(screen.getByTestId('delete-software')).toHaveFocus();
    fireEvent.keyDown(screen.getByTestId('delete-software'), { key: 'ArrowDown' });
    expect(screen.getByTestId('edit-dependencies')).toHaveFocus();
    fireEvent.keyDown(screen.getByTestId('edit-dependencies'), { key: 'ArrowUp' });
    expect(screen.getByTestId('delete-software')).toHaveFocus();
  });

  it("opens an entry's dialog from the menu toggle, so the dialog gives the focus back to it", () => {
    let focused: Element | null = null;
    const onSelect = jest.fn(() => (focused = document.activeElement));
    renderContribution(<SoftwareCard pkg={pkg} menu={[{ ...entry, onSelect }]} onChanged={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(ADMIN) } });
    fireEvent.click(screen.getByTestId('card-menu'));
    fireEvent.click(screen.getByTestId('edit-dependencies'));
    expect(onSelect).toHaveBeenCalled();
    expect(focused).toBe(screen.getByTestId('card-menu'));
  });

  it('gives the focus back to the menu toggle when the delete confirmation is cancelled', async () => {
    renderContribution(<SoftwareCard pkg={pkg} menu={[]} onChanged={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(ADMIN) } });
    fireEvent.click(screen.getByTestId('card-menu'));
    fireEvent.click(screen.getByTestId('delete-software'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('card-menu')).toHaveFocus();
  });

  it("moves the focus to the next card's menu after a delete (the deleted card goes)", async () => {
    global.fetch = jest.fn(async () => reply(204, null)) as unknown as typeof fetch;
    const other = { ...pkg, id: '43', version: '4.3.0' } as SoftwarePackage;
    renderContribution(
      <div>
        <SoftwareCard pkg={pkg} menu={[]} onChanged={jest.fn()} />
        <SoftwareCard pkg={other} menu={[]} onChanged={jest.fn()} />
      </div>,
      { pluginId: 'software-repository', context: { user: testUser(ADMIN) } },
    );
    const first = screen.getByTestId('software-card-42');
    fireEvent.click(within(first).getByTestId('card-menu'));
    fireEvent.click(within(first).getByTestId('delete-software'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(within(screen.getByTestId('software-card-43')).getByTestId('card-menu')).toHaveFocus());
  });
});

describe('SoftwareCard edit save failure by keyboard', () => {
  it('gives the focus back to Save after a failed save (it fell to the page while Save was disabled)', async () => {
    global.fetch = jest.fn(async (_url: string, init?: RequestInit) => (init?.method === 'PUT' ? reply(500, { message: 'service down' }) : reply(200, pkg))) as unknown as typeof fetch;
    const form = openBack(['ROLE_INVENTORY_ADMIN']);
    fireEvent.change(within(form).getByTestId('field-md5'), { target: { value: 'edited' } });
    const save = within(form).getByTestId('edit-save');
    save.focus();
    fireEvent.click(save);
    dropFocusToPage();
    await waitFor(() => expect(within(screen.getByTestId('edit-form')).getByTestId('edit-save')).toBeEnabled());
    expect(within(screen.getByTestId('edit-form')).getByTestId('edit-save')).toHaveFocus();
  });
});

describe('SoftwareCard on a slow network and with stale data', () => {
  const ADMIN = ['ROLE_INVENTORY_ADMIN', 'ROLE_MANAGE_SOFTWARE_ADMIN'];
  const danger = jest.spyOn(alerts, 'danger');
  afterEach(() => {
    danger.mockClear();
    alerts.clearAll();
  });

  it('sends one delete: while it runs, Delete software is disabled with the reason (a second one was refused as not found)', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    global.fetch = fetchMock as unknown as typeof fetch;
    const onChanged = jest.fn();
    renderContribution(<SoftwareCard pkg={pkg} menu={[]} onChanged={onChanged} />, { pluginId: 'software-repository', context: { user: testUser(ADMIN) }, language: 'de', locales: de });
    fireEvent.click(screen.getByTestId('card-menu'));
    fireEvent.click(screen.getByTestId('delete-software'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByTestId('card-menu'));
    expect(screen.getByTestId('delete-software')).toBeDisabled();
    expect(screen.getByTestId('delete-software')).toHaveAccessibleDescription(de['The software is being removed.']);
    answer(reply(204, null));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says which package another user deleted and reads the list again (no ghost card), on delete and on save', async () => {
    global.fetch = jest.fn(async () => reply(404, { error: 'inventory/notFound', message: 'Finding with id [42] not found' })) as unknown as typeof fetch;
    const onChanged = jest.fn();
    renderContribution(<SoftwareCard pkg={pkg} menu={[]} onChanged={onChanged} />, { pluginId: 'software-repository', context: { user: testUser(ADMIN) }, language: 'de', locales: de });
    const gone = 'machine-monitor 4.2.0 ist nicht mehr im Software-Repository: Ein anderer Benutzer hat die Software gelöscht. Die Liste wird neu geladen.';
    fireEvent.click(screen.getByTestId('card-menu'));
    fireEvent.click(screen.getByTestId('delete-software'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(danger).toHaveBeenCalledWith('Fehler beim Entfernen der Software.', { detail: gone }));
    expect(onChanged).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByTestId('details'));
    const form = screen.getByTestId('edit-form');
    fireEvent.change(within(form).getByTestId('field-md5'), { target: { value: 'edited' } });
    fireEvent.click(within(form).getByTestId('edit-save'));
    await waitFor(() => expect(danger).toHaveBeenCalledWith('Fehler beim Aktualisieren der Software.', { detail: gone }));
    expect(onChanged).toHaveBeenCalledTimes(2);
  });
});

describe('SoftwareCard back with unsaved edits', () => {
  it('holds the page while the edit differs from the package (not when changed back, not after Save), and tells the page', async () => {
    global.fetch = jest.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? reply(200, { id: '42', inventoryManagedObjectUrl: 'https://x/inventory/managedObjects/42' }) : reply(200, pkg),
    ) as unknown as typeof fetch;
    const onDirty = jest.fn();
    renderContribution(<SoftwareCard pkg={pkg} menu={[]} onChanged={jest.fn()} onDirty={onDirty} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.click(screen.getByTestId('details'));
    const form = screen.getByTestId('edit-form');
    expect(leaveBlocked()).toBe(false);
    fireEvent.change(within(form).getByTestId('field-md5'), { target: { value: 'edited' } });
    expect(leaveBlocked()).toBe(true);
    expect(onDirty).toHaveBeenLastCalledWith('42', true);
    fireEvent.change(within(form).getByTestId('field-md5'), { target: { value: 'abc' } });
    expect(leaveBlocked()).toBe(false);
    expect(onDirty).toHaveBeenLastCalledWith('42', false);
    fireEvent.change(within(form).getByTestId('field-sha256'), { target: { value: 'edited' } });
    expect(leaveBlocked()).toBe(true);
    fireEvent.click(within(form).getByTestId('edit-save'));
    await waitFor(() => expect(leaveBlocked()).toBe(false));
    expect(onDirty).toHaveBeenLastCalledWith('42', false);
    alerts.clearAll();
  });
});
