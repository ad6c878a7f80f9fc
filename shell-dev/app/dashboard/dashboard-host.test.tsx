import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { testContext, testUser } from '@shared/plugin-api/testing';
import type { DashboardContribution, Registered, WidgetContribution } from '@shared/plugin-api/types';
import { loadDashboard, saveDashboard } from '@shared/plugin-api/dashboard/persistence';
import { PlatformError } from '@shared/platform/fetch-client';
import { initShellI18n } from '../i18n-setup';
import { leaveBlocked, unloadBlocked } from '@shared/plugin-api/leave-guard';
import { alerts } from '@shared/ui/alerts';
import { DashboardHost } from './dashboard-host';
import { configDirty } from './edit-model';

jest.mock('@shared/plugin-api/dashboard/persistence', () => ({
  loadDashboard: jest.fn(),
  saveDashboard: jest.fn(async (id: string | null) => id ?? 'new-id'),
}));

const load = loadDashboard as jest.MockedFunction<typeof loadDashboard>;
const save = saveDashboard as jest.MockedFunction<typeof saveDashboard>;

const dashboard: Registered<DashboardContribution> = {
  kind: 'dashboard',
  id: 'dashboard:d/ops',
  pluginId: 'd',
  name: 'opsDashboard',
  path: '/ops',
  title: 'Operations',
  deletable: false,
  priority: 0,
  sections: [],
  defaultWidgets: [{ instanceId: 'a', widgetId: 'widget:d/count', x: 0, y: 0, w: 4, h: 4, config: {} }],
};

const widget: Registered<WidgetContribution> = {
  kind: 'widget',
  id: 'widget:d/count',
  pluginId: 'd',
  label: 'Count',
  description: 'A count',
  priority: 0,
  defaultConfig: {},
  validateConfig: () => [],
  // Never resolves: the card's content is not what these tests look at.
  loader: () => new Promise(() => undefined),
  configLoader: () => new Promise(() => undefined),
};

const editor = testContext({ user: testUser(['ROLE_INVENTORY_ADMIN', 'ROLE_INVENTORY_READ']) });
/** Another editor, who logs in in the same tab after the first one's session ended. */
const anotherEditor = testContext({ user: { ...testUser(['ROLE_INVENTORY_ADMIN', 'ROLE_INVENTORY_READ']), id: 'operator2', userName: 'operator2', displayName: 'Operator 2' } });

function renderHost(language: 'en' | 'de' = 'en', context = editor) {
  const i18n = initShellI18n(language);
  // In act: the shell's alert outlet (raised by an earlier test) follows the language too.
  act(() => void i18n.changeLanguage(language));
  return render(
    <I18nextProvider i18n={i18n} defaultNS="shell">
      <DashboardHost dashboard={dashboard} widgetContributions={[widget]} context={context} queryClient={{}} />
    </I18nextProvider>,
  );
}

/**
 * An editor moves the widget down while the session has ended (the save is answered 401); the
 * shell then shows its login and, after it, the page anew (the next load is set up here).
 */
async function moveWhileTheSessionEnds() {
  sessionStorage.clear();
  load.mockResolvedValue({ id: '77', widgets: [dashboard.defaultWidgets[0]] });
  save.mockRejectedValueOnce(new PlatformError(401, 'Unauthorized', { error: 'security/Unauthorized', message: 'Invalid credentials!' }));
  const first = renderHost();
  fireEvent.click(await screen.findByTestId('dashboard-edit'));
  fireEvent.click(screen.getByTestId('widget-move-down'));
  await screen.findByTestId('dashboard-save-error');
  first.unmount();
  load.mockResolvedValueOnce({ id: '77', widgets: [dashboard.defaultWidgets[0]] });
}

/** An editor opens the widget's config dialog and types a title (the saved layout answers every load). */
async function typeATitle() {
  sessionStorage.clear();
  load.mockResolvedValue({ id: '77', widgets: [dashboard.defaultWidgets[0]] });
  const view = renderHost();
  fireEvent.click(await screen.findByTestId('dashboard-edit'));
  fireEvent.click(screen.getByTestId('widget-configure'));
  fireEvent.change(await screen.findByTestId('widget-config-title'), { target: { value: 'Gateways in hall 3' } });
  return view;
}

beforeEach(() => {
  act(() => alerts.clearAll());
  load.mockReset();
  save.mockClear();
});

describe('DashboardHost', () => {
  it('offers no editing while the saved layout could not be loaded (a save would add a second dashboard), and Retry loads it', async () => {
    load.mockRejectedValueOnce(new Error('boom')).mockResolvedValue({ id: '77', widgets: [{ ...dashboard.defaultWidgets[0], x: 4 }] });
    renderHost();
    const error = await screen.findByTestId('dashboard-load-error');
    expect(error).toHaveTextContent('The saved layout could not be loaded; showing the default layout: boom');
    expect(error).toHaveTextContent('The dashboard can be edited once its saved layout has loaded.');
    const edit = screen.getByTestId('dashboard-edit');
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(expect.stringContaining('The dashboard can be edited once its saved layout has loaded.'));

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('dashboard-load-error')).toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
    const editNow = screen.getByTestId('dashboard-edit');
    expect(editNow).toBeEnabled();

    // Edits now go into the loaded dashboard object, not a new one.
    fireEvent.click(editNow);
    fireEvent.click(screen.getByTestId('widget-move-down'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toBe('77');
  });

  it('says so in German', async () => {
    load.mockRejectedValueOnce(new Error('boom'));
    renderHost('de');
    expect(await screen.findByTestId('dashboard-load-error')).toHaveTextContent('Das Dashboard kann bearbeitet werden, sobald sein gespeichertes Layout geladen ist.');
    expect(screen.getByRole('button', { name: 'Wiederholen' })).toBeInTheDocument();
  });

  it('offers no Configure (which would open nothing) for a placed widget whose plugin is not here, only Remove', async () => {
    load.mockResolvedValueOnce({ id: '77', widgets: [dashboard.defaultWidgets[0], { instanceId: 'b', widgetId: 'widget:gone/x', x: 4, y: 0, w: 4, h: 4, config: {} }] });
    renderHost();
    fireEvent.click(await screen.findByTestId('dashboard-edit'));
    const cards = screen.getAllByTestId('dashboard-widget');
    const gone = cards.find((c) => c.dataset.widgetId === 'widget:gone/x') as HTMLElement;
    const known = cards.find((c) => c.dataset.widgetId === 'widget:d/count') as HTMLElement;
    expect(gone).toHaveTextContent('Widget "widget:gone/x" is not available');
    expect(within(gone).queryByTestId('widget-configure')).toBeNull();
    expect(within(gone).getByTestId('widget-remove')).toBeInTheDocument();
    expect(within(known).getByTestId('widget-configure')).toBeInTheDocument();
  });

  it('puts the saved layout back when a change cannot be saved, with the reason', async () => {
    load.mockResolvedValueOnce({ id: '77', widgets: [dashboard.defaultWidgets[0]] });
    save.mockRejectedValueOnce(new Error('Access is denied'));
    renderHost();
    fireEvent.click(await screen.findByTestId('dashboard-edit'));
    fireEvent.click(screen.getByTestId('widget-remove'));
    fireEvent.click(await screen.findByTestId('widget-remove-ok'));
    expect(await screen.findByTestId('dashboard-save-error')).toHaveTextContent('The dashboard could not be saved: Access is denied');
    expect(screen.getAllByTestId('dashboard-widget')).toHaveLength(1);
    expect(screen.queryByTestId('dashboard-empty')).toBeNull();
  });

  it('gives focus to Add widget after a removal (the removed card\'s Remove button is gone)', async () => {
    load.mockResolvedValueOnce({ id: '77', widgets: [dashboard.defaultWidgets[0]] });
    renderHost();
    fireEvent.click(await screen.findByTestId('dashboard-edit'));
    const remove = screen.getByTestId('widget-remove');
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(await screen.findByTestId('widget-remove-ok'));
    await waitFor(() => expect(screen.queryAllByTestId('dashboard-widget')).toHaveLength(0));
    await waitFor(() => expect(screen.getByTestId('dashboard-add-widget')).toHaveFocus());
  });

  it('keeps a change whose save met an ended session and offers it again after the new login (the page starts afresh)', async () => {
    await moveWhileTheSessionEnds();
    renderHost('de');
    expect(await screen.findByTestId('dashboard-unsaved')).toHaveTextContent('Ihre letzte Änderung an diesem Dashboard wurde nicht gespeichert: Ihre Sitzung war beendet.');
    fireEvent.click(screen.getByTestId('dashboard-unsaved-save'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][0]).toBe('77');
    expect(save.mock.calls[1][2]).toEqual([{ ...dashboard.defaultWidgets[0], y: 1 }]);
    expect(screen.queryByTestId('dashboard-unsaved')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('offers a kept change only to the user whose session ended, not to another user who logs in in the same tab', async () => {
    await moveWhileTheSessionEnds();
    const theirs = renderHost('en', anotherEditor);
    // Their page has loaded (the bar with Edit shows once the saved layout is in) and offers nothing of the first user's.
    expect(await screen.findByTestId('dashboard-edit')).toBeEnabled();
    expect(screen.getAllByTestId('dashboard-widget')).toHaveLength(1);
    expect(screen.queryByTestId('dashboard-unsaved')).toBeNull();
    theirs.unmount();
    // Still kept for the first user, who logs in again.
    renderHost();
    expect(await screen.findByTestId('dashboard-unsaved')).toHaveTextContent('Your last change to this dashboard was not saved: your session had ended.');
    expect(save).toHaveBeenCalledTimes(1);
    load.mockReset();
  });

  it('saves a kept change onto what another user saved while this user was logged out (their widget stays)', async () => {
    await moveWhileTheSessionEnds();
    const theirs = { instanceId: 'b', widgetId: 'widget:d/count', title: 'Theirs', x: 4, y: 0, w: 4, h: 4, config: {} };
    load.mockReset();
    load.mockResolvedValue({ id: '77', widgets: [dashboard.defaultWidgets[0], theirs] });
    renderHost();
    fireEvent.click(await screen.findByTestId('dashboard-unsaved-save'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][2]).toEqual([{ ...dashboard.defaultWidgets[0], y: 1 }, theirs]);
    load.mockReset();
  });

  it('asks before a reload while a change is still being saved (a reload would lose it), not after', async () => {
    sessionStorage.clear();
    load.mockResolvedValue({ id: '77', widgets: [dashboard.defaultWidgets[0]] });
    let finish: (id: string) => void = () => undefined;
    save.mockImplementationOnce(() => new Promise<string>((resolve) => (finish = resolve)));
    renderHost();
    fireEvent.click(await screen.findByTestId('dashboard-edit'));
    expect(unloadBlocked()).toBe(false);
    fireEvent.click(screen.getByTestId('widget-move-down'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(unloadBlocked()).toBe(true);
    await act(async () => finish('77'));
    await waitFor(() => expect(unloadBlocked()).toBe(false));
    load.mockReset();
  });

  it('drops a kept change on Discard, and never offers it for a refusal other than an ended session', async () => {
    await moveWhileTheSessionEnds();
    const second = renderHost();
    fireEvent.click(await screen.findByTestId('dashboard-unsaved-discard'));
    expect(screen.queryByTestId('dashboard-unsaved')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(save).toHaveBeenCalledTimes(1);

    save.mockRejectedValueOnce(new PlatformError(500, 'Server Error', {}));
    fireEvent.click(screen.getByTestId('dashboard-edit'));
    fireEvent.click(screen.getByTestId('widget-move-down'));
    await screen.findByTestId('dashboard-save-error');
    second.unmount();
    expect(sessionStorage.length).toBe(0);
  });

  it('saves a change into a new dashboard object when the loaded one was deleted meanwhile (not failing every later change)', async () => {
    sessionStorage.clear();
    const moved = { ...dashboard.defaultWidgets[0], y: 1 };
    // The first load and the read before the save still find 77; then it is gone, and after the save the new object is found.
    load
      .mockResolvedValueOnce({ id: '77', widgets: [dashboard.defaultWidgets[0]] })
      .mockResolvedValueOnce({ id: '77', widgets: [dashboard.defaultWidgets[0]] })
      .mockResolvedValueOnce(null)
      .mockResolvedValue({ id: 'new-id', widgets: [moved] });
    save.mockRejectedValueOnce(new PlatformError(404, 'Not Found', { error: 'inventory/Not Found', message: 'Finding device data from database failed : No managedObject for id 77!' }));
    renderHost();
    fireEvent.click(await screen.findByTestId('dashboard-edit'));
    fireEvent.click(screen.getByTestId('widget-move-down'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][0]).toBeNull();
    expect(save.mock.calls[1][2]).toEqual([moved]);
    // The next change goes into the new object.
    fireEvent.click(screen.getByTestId('widget-move-down'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(3));
    expect(save.mock.calls[2][0]).toBe('new-id');
    expect(screen.queryByTestId('dashboard-save-error')).toBeNull();
  });

  it("saves a change into the tenant's other dashboard of that name when the loaded one was deleted meanwhile, keeping that dashboard's widgets", async () => {
    sessionStorage.clear();
    const moved = { ...dashboard.defaultWidgets[0], y: 1 };
    const theirs = { instanceId: 'b', widgetId: 'widget:d/count', title: 'Theirs', x: 4, y: 0, w: 4, h: 4, config: {} };
    // 77 is loaded and still found before the save; the save meets its deletion (404), and the
    // read after it finds another dashboard of that name (another tab created it meanwhile).
    load
      .mockResolvedValueOnce({ id: '77', widgets: [dashboard.defaultWidgets[0]] })
      .mockResolvedValueOnce({ id: '77', widgets: [dashboard.defaultWidgets[0]] })
      .mockResolvedValue({ id: 'other', widgets: [dashboard.defaultWidgets[0], theirs] });
    save.mockRejectedValueOnce(new PlatformError(404, 'Not Found', { error: 'inventory/Not Found', message: 'Finding device data from database failed : No managedObject for id 77!' }));
    renderHost();
    fireEvent.click(await screen.findByTestId('dashboard-edit'));
    fireEvent.click(screen.getByTestId('widget-move-down'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[0][0]).toBe('77');
    expect(save.mock.calls[1][0]).toBe('other');
    // Applied to that dashboard's layout: its widget stays, and the warning says it is shown.
    expect(save.mock.calls[1][2]).toEqual([moved, theirs]);
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toEqual(['Another user changed this dashboard meanwhile: it now shows their changes together with yours.']));
    expect(screen.getAllByTestId('dashboard-widget')).toHaveLength(2);
    // The next change goes into that object too, not a new one.
    const cardA = screen.getAllByTestId('dashboard-widget').find((c) => c.dataset.instanceId === 'a')!;
    fireEvent.click(within(cardA.parentElement!).getByTestId('widget-move-down'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(3));
    expect(save.mock.calls[2][0]).toBe('other');
    expect(screen.queryByTestId('dashboard-save-error')).toBeNull();
    load.mockReset();
  });

  it('says no failure once a later change is saved (it carries the earlier one that failed)', async () => {
    load.mockResolvedValueOnce({ id: '77', widgets: [dashboard.defaultWidgets[0]] });
    save.mockRejectedValueOnce(new PlatformError(502, 'Bad Gateway', {}));
    renderHost();
    fireEvent.click(await screen.findByTestId('dashboard-edit'));
    // Two moves in quick succession on a slow network: the first save fails, the second goes through.
    fireEvent.click(screen.getByTestId('widget-move-down'));
    fireEvent.click(screen.getByTestId('widget-move-down'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][2]).toEqual([{ ...dashboard.defaultWidgets[0], y: 2 }]);
    await waitFor(() => expect(screen.queryByTestId('dashboard-save-error')).toBeNull());
  });

  it("opens a config dialog that the session's end closed again after the new login, with the title as typed, and saves it", async () => {
    const first = await typeATitle();
    // A widget's refresh met the ended session: the shell shows its login and, after it, the page anew.
    first.unmount();
    renderHost();
    expect(await screen.findByTestId('widget-config-title')).toHaveValue('Gateways in hall 3');
    fireEvent.click(screen.getByTestId('widget-config-save'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][2]).toEqual([{ ...dashboard.defaultWidgets[0], title: 'Gateways in hall 3' }]);
    expect(sessionStorage.length).toBe(0);
    load.mockReset();
  });

  it('opens a config dialog that the session\'s end closed only for the user who typed in it, not for another user who logs in in the same tab', async () => {
    const first = await typeATitle();
    first.unmount();
    const theirs = renderHost('en', anotherEditor);
    await screen.findByTestId('dashboard-edit');
    // The dialog a draft opens comes a moment after the layout (as for the first user): waited for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('widget-config-modal')).toBeNull();
    theirs.unmount();
    renderHost();
    expect(await screen.findByTestId('widget-config-title')).toHaveValue('Gateways in hall 3');
    load.mockReset();
  });

  it('saves the config dialog on Enter in the title, as Save does', async () => {
    await typeATitle();
    fireEvent.keyDown(screen.getByTestId('widget-config-title'), { key: 'Enter' });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][2]).toEqual([{ ...dashboard.defaultWidgets[0], title: 'Gateways in hall 3' }]);
    expect(screen.queryByTestId('widget-config-modal')).toBeNull();
    load.mockReset();
  });

  it('forgets a config dialog closed with Cancel (nothing opens on the next visit)', async () => {
    const first = await typeATitle();
    fireEvent.click(screen.getByTestId('widget-config-cancel'));
    first.unmount();
    expect(sessionStorage.length).toBe(0);
    renderHost();
    await screen.findByTestId('dashboard-edit');
    expect(screen.queryByTestId('widget-config-modal')).toBeNull();
    load.mockReset();
  });

  it("applies a change to the layout another user saved meanwhile (their widget is kept, not silently undone) and says so", async () => {
    sessionStorage.clear();
    const a = dashboard.defaultWidgets[0];
    const theirs = { instanceId: 'b', widgetId: 'widget:d/count', title: 'Theirs', x: 4, y: 0, w: 4, h: 4, config: {} };
    // This tab read the layout with a alone; the other user then added b.
    load.mockResolvedValueOnce({ id: '77', widgets: [a] }).mockResolvedValue({ id: '77', widgets: [a, theirs] });
    renderHost();
    fireEvent.click(await screen.findByTestId('dashboard-edit'));
    expect(screen.getAllByTestId('dashboard-widget')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('widget-move-down'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toBe('77');
    expect(save.mock.calls[0][2]).toEqual([{ ...a, y: 1 }, theirs]);
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toEqual(['Another user changed this dashboard meanwhile: it now shows their changes together with yours.']));
    expect(screen.getAllByTestId('dashboard-widget')).toHaveLength(2);
    // The next change here carries theirs on.
    load.mockResolvedValue({ id: '77', widgets: save.mock.calls[0][2] as typeof theirs[] });
    const cardA = screen.getAllByTestId('dashboard-widget').find((c) => c.dataset.instanceId === 'a')!;
    fireEvent.click(within(cardA.parentElement!).getByTestId('widget-move-down'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][2]).toEqual([{ ...a, y: 2 }, theirs]);
    load.mockReset();
  });

  it('names a change to a widget another user removed meanwhile, which is not saved', async () => {
    sessionStorage.clear();
    const a = dashboard.defaultWidgets[0];
    const b = { instanceId: 'b', widgetId: 'widget:d/count', title: 'Hall 3', x: 4, y: 0, w: 4, h: 4, config: {} };
    load.mockResolvedValueOnce({ id: '77', widgets: [a, b] }).mockResolvedValue({ id: '77', widgets: [a] });
    renderHost('de');
    fireEvent.click(await screen.findByTestId('dashboard-edit'));
    fireEvent.click(screen.getAllByTestId('widget-move-down')[1]);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][2]).toEqual([a]);
    await waitFor(() => expect(alerts.list()).toHaveLength(1));
    const [notice] = alerts.list();
    expect(notice.text).toBe('Ein anderer Benutzer hat dieses Dashboard inzwischen geändert: Es zeigt jetzt seine Änderungen zusammen mit Ihren.');
    // Shown on the page (the shell's alert outlet), with the dropped change named.
    expect(await screen.findByText('Ein anderer Benutzer hat das Widget „Hall 3“ inzwischen entfernt: Ihre Änderung daran wurde nicht gespeichert.')).toBeInTheDocument();
    expect(screen.getAllByTestId('dashboard-widget')).toHaveLength(1);
    load.mockReset();
  });

  describe('the config dialog with edits', () => {
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    it('closes on Escape while as opened, and counts a title or config that differs from the card as edits', async () => {
      sessionStorage.clear();
      load.mockResolvedValue({ id: '77', widgets: [dashboard.defaultWidgets[0]] });
      renderHost();
      fireEvent.click(await screen.findByTestId('dashboard-edit'));
      fireEvent.click(screen.getByTestId('widget-configure'));
      fireEvent.keyDown(await screen.findByTestId('widget-config-title'), { key: 'Escape' });
      expect(screen.queryByTestId('widget-config-modal')).toBeNull();
      expect(screen.queryByRole('dialog', { name: 'Discard changes' })).toBeNull();

      expect(configDirty({ days: 7, view: 'a' }, { view: 'a', days: 7 }, 'Count', ' Count ')).toBe(false);
      expect(configDirty({ days: 7 }, { days: 8 }, 'Count', 'Count')).toBe(true);
      expect(configDirty({}, {}, 'Count', 'Hall 3')).toBe(true);
      load.mockReset();
    });

    it('asks before Escape throws a typed title away, keeps it on Cancel, and a link away asks too', async () => {
      await typeATitle();
      await act(async () => fireEvent.keyDown(screen.getByTestId('widget-config-title'), { key: 'Escape' }));
      const question = screen.getByRole('dialog', { name: 'Discard changes' });
      expect(question).toHaveTextContent('You are about to close this dialog and discard the changes made.');
      await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
      await settle();
      expect(screen.getByTestId('widget-config-title')).toHaveValue('Gateways in hall 3');
      expect(leaveBlocked()).toBe(true);

      // Saved: nothing is held any more.
      fireEvent.click(screen.getByTestId('widget-config-save'));
      await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
      expect(screen.queryByTestId('widget-config-modal')).toBeNull();
      expect(leaveBlocked()).toBe(false);
      load.mockReset();
    });
  });
});
