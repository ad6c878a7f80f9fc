import React from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { READ_TIMEOUT_MS } from '@shared/domain/constants';
import { listSoftwarePackages } from '@shared/platform/create-software-ng';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import { dropFocusToPage } from '@shared/ui/test-utils';
import { alerts } from '@shared/ui/alerts';
import de from '../../../locales/de.json';
import { DependencyModal } from './dependency-modal';

const pkg = (id: string, name: string, deps: string[] = []) => ({ id, name, version: '1.0', type: 'c8y_Software', dependencies: deps.map((d) => ({ id: d, name: `n${d}`, version: '1.0' })) });
// edited: a; b depends on a (circular); c free.
const all = [pkg('a', 'alpha'), pkg('b', 'beta', ['a']), pkg('c', 'gamma')];

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

/** Saving dependencies writes the package: inventory admin. */
const EDITOR = testUser(['ROLE_INVENTORY_ADMIN']);

describe('DependencyModal', () => {
  afterEach(() => alerts.clearAll());

  it('offers other packages, blocks circular ones and saves the chosen list', async () => {
    const fetchMock = jest.fn(async (_url: string, init?: RequestInit) => reply(200, { ...all[0], dependencies: JSON.parse(String(init?.body)).dependencies }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const onSaved = jest.fn();
    const onClose = jest.fn();
    renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={async () => all} onClose={onClose} onSaved={onSaved} />, { pluginId: 'software-repository', context: { user: EDITOR } });
    await waitFor(() => expect(screen.getByTestId('available-b')).toBeDisabled());
    expect(screen.queryByTestId('available-a')).toBeNull();
    fireEvent.click(screen.getByTestId('available-b'));
    expect(screen.queryByTestId('chosen-b')).toBeNull();
    fireEvent.click(screen.getByTestId('available-c'));
    expect(screen.getByTestId('chosen-c')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('dependencies-save'));
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toContain('These are now the existing dependencies'));
    expect(onClose).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toContain('/service/create-software-ng/dependencies');
    expect(JSON.parse(String(init?.body))).toEqual({ managedObject: { id: 'a', name: 'alpha', type: 'c8y_Software', version: '1.0' }, dependencies: [{ id: 'c', name: 'gamma', version: '1.0' }] });
    expect(onSaved).toHaveBeenCalled();
    expect(alerts.list().map((a) => [a.type, a.text])).toEqual([['success', 'These are now the existing dependencies']]);
  });

  it('saves nothing when the current dependencies cannot be read before the save, keeps the choice and says why', async () => {
    const fetchMock = jest.fn(async () => reply(200, all[0]));
    global.fetch = fetchMock as unknown as typeof fetch;
    let reads = 0;
    // The read on open answers; the read before the save fails.
    const loadPackages = async () => {
      reads += 1;
      if (reads > 1) throw new Error('Service Unavailable');
      return all;
    };
    const onClose = jest.fn();
    renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={loadPackages} onClose={onClose} onSaved={jest.fn()} />, { pluginId: 'software-repository', context: { user: EDITOR } });
    await waitFor(() => expect(screen.getByTestId('available-c')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('available-c'));
    fireEvent.click(screen.getByTestId('dependencies-save'));
    await waitFor(() => expect(screen.getByTestId('dependency-problem')).toHaveTextContent('The current dependencies could not be read, so nothing was saved: Service Unavailable'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('chosen-c')).toBeInTheDocument();
  });

  it('does not offer another version of the edited package or of a chosen dependency, and says why', async () => {
    const versions = [
      { ...pkg('a1', 'alpha'), version: '1.0', dependencies: [{ id: 'g1', name: 'gamma', version: '1.0' }] },
      { ...pkg('a2', 'alpha'), version: '2.0' },
      { ...pkg('g1', 'gamma'), version: '1.0' },
      { ...pkg('g2', 'gamma'), version: '2.0' },
      pkg('c', 'delta'),
    ];
    renderContribution(<DependencyModal pkg={versions[0]} packages={versions} loadPackages={async () => versions} onClose={jest.fn()} onSaved={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: EDITOR },
      language: 'de',
      locales: de,
    });
    await waitFor(() => expect(screen.getByTestId('available-a2')).toBeDisabled());
    expect(screen.getByTestId('same-name-a2')).toHaveTextContent('Eine andere Version der bearbeiteten Software.');
    expect(screen.getByTestId('available-g2')).toBeDisabled();
    expect(screen.getByTestId('same-name-g2')).toHaveTextContent('Eine andere Version von gamma ist bereits eine Abhängigkeit.');
    fireEvent.click(screen.getByTestId('available-g2'));
    expect(screen.queryByTestId('chosen-g2')).toBeNull();
    // Removing the chosen version frees its other one.
    fireEvent.click(screen.getByTestId('chosen-g1'));
    expect(screen.getByTestId('available-g2')).not.toBeDisabled();
    expect(screen.getByTestId('available-c')).not.toBeDisabled();
  });

  it('does not offer a package that needs another version of one already needed, and says which, in German', async () => {
    const list = [
      { ...pkg('ea', 'edge-analytics', ['c30']), version: '2024.1' },
      { ...pkg('c25', 'mdc-collector'), version: '2.5.0' },
      { ...pkg('c30', 'mdc-collector'), version: '3.0.0-rc1' },
      { ...pkg('mm', 'machine-monitor', ['c25']), version: '4.2.0' },
    ];
    renderContribution(<DependencyModal pkg={list[0]} packages={list} loadPackages={async () => list} onClose={jest.fn()} onSaved={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: EDITOR },
      language: 'de',
      locales: de,
    });
    await waitFor(() => expect(screen.getByTestId('available-mm')).toBeDisabled());
    expect(screen.getByTestId('same-name-mm')).toHaveTextContent('Benötigt mdc-collector 2.5.0, aber mdc-collector 3.0.0-rc1 wird bereits benötigt.');
    fireEvent.click(screen.getByTestId('available-mm'));
    expect(screen.queryByTestId('chosen-mm')).toBeNull();
    // Removing the 3.0 collector frees machine-monitor.
    fireEvent.click(screen.getByTestId('chosen-c30'));
    expect(screen.getByTestId('available-mm')).not.toBeDisabled();
  });

  it("shows the service's refusal (422) with its cycle and stays open", async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    global.fetch = jest.fn(async () => reply(422, { error: 'create-software-ng/validationError', message: 'Circular dependency: alpha 1.0 -> gamma 1.0 -> alpha 1.0.' })) as unknown as typeof fetch;
    const onClose = jest.fn();
    renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={async () => all} onClose={onClose} onSaved={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: EDITOR },
    });
    await waitFor(() => expect(screen.getByTestId('dependencies-save')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('available-c'));
    fireEvent.click(screen.getByTestId('dependencies-save'));
    await waitFor(() => expect(screen.getByTestId('dependency-problem')).toHaveTextContent('Circular dependency: alpha 1.0 -> gamma 1.0 -> alpha 1.0.'));
    // Spec: a failed save says 'Something went wrong. please try again later.'; the cause is logged too.
    expect(alerts.list().map((a) => [a.type, a.text])).toEqual([['danger', 'Something went wrong. please try again later.']]);
    // The cycle is said once, in the modal: not again as the alert's detail.
    expect(alerts.list()[0].detail).toBeUndefined();
    expect(consoleError).toHaveBeenCalledWith('Dependencies could not be saved', expect.objectContaining({ status: 422 }));
    expect(onClose).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('says which chosen dependency another user deleted before Save, sends nothing, keeps the other choices and reads the list again', async () => {
    const five = [...all, pkg('d', 'delta')];
    let current = five;
    const fetchMock = jest.fn(async () => reply(200, all[0]));
    global.fetch = fetchMock as unknown as typeof fetch;
    renderContribution(<DependencyModal pkg={all[0]} packages={five} loadPackages={async () => current} onClose={jest.fn()} onSaved={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: EDITOR },
    });
    await waitFor(() => expect(screen.getByTestId('available-c')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('available-c'));
    fireEvent.click(screen.getByTestId('available-d'));
    // Another user deletes delta now.
    current = all;
    fireEvent.click(screen.getByTestId('dependencies-save'));
    await waitFor(() =>
      expect(screen.getByTestId('dependency-problem')).toHaveTextContent(
        'delta 1.0 is no longer in the software repository: another user deleted it. Nothing was saved. It is taken out of the dependencies and the available packages are read again: check the list and save again.',
      ),
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId('chosen-c')).toBeInTheDocument();
    expect(screen.queryByTestId('chosen-d')).toBeNull();
    expect(screen.queryByTestId('available-d')).toBeNull();
    expect(screen.getByTestId('dependencies-save')).not.toBeDisabled();
  });

  it('says which dependency the service found deleted (422 choiceDeleted) instead of only the generic message, and keeps the rest', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const five = [...all, pkg('d', 'delta')];
    let current = five;
    global.fetch = jest.fn(async () => {
      // Deleted between the check before the save and the save itself.
      current = all;
      return reply(422, { error: 'create-software-ng/choiceDeleted', message: 'Software delta 1.0 (d) no longer exists in the software repository: another user deleted it.', missing: [{ id: 'd', name: 'delta', version: '1.0' }] });
    }) as unknown as typeof fetch;
    const onClose = jest.fn();
    renderContribution(<DependencyModal pkg={all[0]} packages={five} loadPackages={async () => current} onClose={onClose} onSaved={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: EDITOR },
      language: 'de',
      locales: de,
    });
    await waitFor(() => expect(screen.getByTestId('available-c')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('available-c'));
    fireEvent.click(screen.getByTestId('available-d'));
    fireEvent.click(screen.getByTestId('dependencies-save'));
    await waitFor(() =>
      expect(screen.getByTestId('dependency-problem')).toHaveTextContent(
        'delta 1.0 ist nicht mehr im Software-Repository: Ein anderer Benutzer hat die Software gelöscht. Es wurde nichts gespeichert. Sie wurde aus den Abhängigkeiten entfernt und die verfügbaren Pakete werden neu geladen: Prüfen Sie die Liste und speichern Sie erneut.',
      ),
    );
    // The spec's failure message stays; the modal says which package is gone.
    expect(alerts.list().map((a) => [a.type, a.text])).toEqual([['danger', 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.']]);
    expect(screen.getByTestId('chosen-c')).toBeInTheDocument();
    expect(screen.queryByTestId('chosen-d')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('available-d')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it("says 'Something went wrong. please try again later.' on other failures", async () => {
    global.fetch = jest.fn(async () => reply(500, { error: 'x', message: 'boom' })) as unknown as typeof fetch;
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={async () => all} onClose={jest.fn()} onSaved={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: EDITOR },
    });
    await waitFor(() => expect(screen.getByTestId('dependencies-save')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('dependencies-save'));
    await waitFor(() => expect(alerts.list()[0]?.text).toBe('Something went wrong. please try again later.'));
    expect(consoleError).toHaveBeenCalledWith('Dependencies could not be saved', expect.objectContaining({ status: 500 }));
    consoleError.mockRestore();
  });

  it('checks against the current packages: a cycle made elsewhere is marked on open and refused with its path before saving', async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    // The page's cache: gamma free. Meanwhile gamma -> beta -> alpha was made elsewhere.
    const current = [pkg('a', 'alpha'), pkg('b', 'beta', ['a']), pkg('c', 'gamma', ['b'])];
    let answer = all;
    const load = jest.fn(async () => answer);
    renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={load} onClose={jest.fn()} onSaved={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: EDITOR },
    });
    await waitFor(() => expect(screen.getByTestId('available-c')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('available-c'));
    answer = current;
    fireEvent.click(screen.getByTestId('dependencies-save'));
    await waitFor(() => expect(screen.getByTestId('dependency-problem')).toHaveTextContent('Circular dependency: alpha 1.0 -> gamma 1.0 -> beta 1.0 -> alpha 1.0'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('offers nothing from the stale list while the current one loads, then marks the fresh cycle with its path', async () => {
    const current = [pkg('a', 'alpha'), pkg('b', 'beta', ['a']), pkg('c', 'gamma', ['b'])];
    let resolve: (v: typeof current) => void = () => undefined;
    const load = () => new Promise<typeof current>((r) => (resolve = r));
    renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={load} onClose={jest.fn()} onSaved={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: EDITOR },
    });
    expect(screen.getByTestId('dependency-checking')).toBeInTheDocument();
    expect(screen.queryByTestId('available-c')).toBeNull();
    resolve(current);
    await waitFor(() => expect(screen.getByTestId('available-c')).toBeDisabled());
    expect(screen.getByTestId('cycle-c')).toHaveTextContent('alpha 1.0 -> gamma 1.0 -> beta 1.0 -> alpha 1.0');
  });

  it("does not overwrite another user's save: says so, reloads their list with this user's changes on top, saves on the second click", async () => {
    // alpha needs delta. While this admin adds gamma and removes delta, another admin adds eps.
    const opened = [pkg('a', 'alpha', ['d']), pkg('c', 'gamma'), pkg('d', 'delta'), pkg('e', 'eps')];
    const meanwhile = [pkg('a', 'alpha', ['d', 'e']), ...opened.slice(1)];
    const fetchMock = jest.fn(async (_url: string, init?: RequestInit) => reply(200, { ...opened[0], dependencies: JSON.parse(String(init?.body)).dependencies }));
    global.fetch = fetchMock as unknown as typeof fetch;
    let answer = opened;
    const onClose = jest.fn();
    renderContribution(<DependencyModal pkg={opened[0]} packages={opened} loadPackages={async () => answer} onClose={onClose} onSaved={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: EDITOR },
    });
    await waitFor(() => expect(screen.getByTestId('dependencies-save')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('available-c'));
    fireEvent.click(screen.getByTestId('chosen-d'));
    answer = meanwhile;
    fireEvent.click(screen.getByTestId('dependencies-save'));
    await waitFor(() => expect(screen.getByTestId('dependency-conflict')).toHaveTextContent('Another user changed the dependencies of alpha 1.0 since you opened this dialog. Nothing was saved.'));
    expect(screen.getByTestId('conflict-added')).toHaveTextContent('Added by the other user: ne 1.0');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    // Their eps stays, this user's gamma added and delta removed.
    expect(screen.getByTestId('chosen-e')).toBeInTheDocument();
    expect(screen.getByTestId('chosen-c')).toBeInTheDocument();
    expect(screen.queryByTestId('chosen-d')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('dependencies-save')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('dependencies-save'));
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toContain('These are now the existing dependencies'));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body)).dependencies).toEqual([
      { id: 'e', name: 'ne', version: '1.0' },
      { id: 'c', name: 'gamma', version: '1.0' },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('says that the server did not answer instead of loading the current packages for ever', async () => {
    jest.useFakeTimers();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // The service takes the request and never answers.
      global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
      const load = () => listSoftwarePackages({ deviceType: 'iotconnector' });
      renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={load} onClose={jest.fn()} onSaved={jest.fn()} />, {
        pluginId: 'software-repository',
        context: { user: EDITOR },
      });
      expect(screen.getByTestId('dependency-checking')).toHaveTextContent('Loading the current packages…');
      await act(() => jest.advanceTimersByTimeAsync(READ_TIMEOUT_MS));
      expect(screen.getByTestId('dependency-check-error')).toHaveTextContent('The current packages could not be loaded; the list may be out of date: The server did not answer within 60 seconds.');
      expect(screen.queryByTestId('dependency-checking')).toBeNull();
    } finally {
      consoleError.mockRestore();
      jest.useRealTimers();
    }
  });

  it("cancel says 'No software dependency added'", () => {
    const onClose = jest.fn();
    renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={async () => all} onClose={onClose} onSaved={jest.fn()} />, { pluginId: 'software-repository', context: { user: EDITOR } });
    fireEvent.click(screen.getByTestId('dependencies-cancel'));
    expect(onClose).toHaveBeenCalled();
    expect(alerts.list().map((a) => [a.type, a.text])).toEqual([['info', 'No software dependency added']]);
  });

  it('does not save for a user without the inventory admin role and says why', async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={async () => all} onClose={jest.fn()} onSaved={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: testUser(['ROLE_INVENTORY_READ']) },
    });
    fireEvent.click(await screen.findByTestId('available-c'));
    const save = screen.getByTestId('dependencies-save');
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAccessibleDescription('Not permitted: your user lacks the permission “Inventory: admin”.');
    fireEvent.click(save);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('DependencyModal by keyboard', () => {
  afterEach(() => alerts.clearAll());

  it('keeps the focus in the list an entry left: the entry now at its place, else the last, else the filter', async () => {
    const list = [pkg('a', 'alpha'), pkg('c', 'gamma'), pkg('d', 'delta'), pkg('e', 'epsilon')];
    renderContribution(<DependencyModal pkg={list[0]} packages={list} loadPackages={async () => list} onClose={jest.fn()} onSaved={jest.fn()} />, { pluginId: 'software-repository', context: { user: EDITOR } });
    const add = async (id: string) => {
      const button = await screen.findByTestId(`available-${id}`);
      button.focus();
      fireEvent.click(button);
    };
    // Available by name: delta, epsilon, gamma.
    await add('d');
    expect(screen.getByTestId('available-e')).toHaveFocus();
    await add('c');
    expect(screen.getByTestId('available-e')).toHaveFocus();
    await add('e');
    expect(screen.getByLabelText('Filter available packages')).toHaveFocus();
    const remove = (id: string) => {
      const button = screen.getByTestId(`chosen-${id}`);
      button.focus();
      fireEvent.click(button);
    };
    remove('d');
    expect(screen.getByTestId('chosen-c')).toHaveFocus();
  });
});

describe('DependencyModal save failure by keyboard', () => {
  afterEach(() => alerts.clearAll());

  it('gives the focus back to Save when the save fails and the dialog stays (it fell to the page while Save was disabled)', async () => {
    global.fetch = jest.fn(async () => reply(500, { error: 'x', message: 'boom' })) as unknown as typeof fetch;
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={async () => all} onClose={jest.fn()} onSaved={jest.fn()} />, { pluginId: 'software-repository', context: { user: EDITOR } });
    await waitFor(() => expect(screen.getByTestId('dependencies-save')).not.toBeDisabled());
    screen.getByTestId('dependencies-save').focus();
    fireEvent.click(screen.getByTestId('dependencies-save'));
    dropFocusToPage();
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toContain('Something went wrong. please try again later.'));
    await waitFor(() => expect(screen.getByTestId('dependencies-save')).toHaveFocus());
    consoleError.mockRestore();
  });
});

/** The modal for the editor, in German. */
const renderGerman = (modal: React.ReactElement) => renderContribution(modal, { pluginId: 'software-repository', context: { user: EDITOR }, language: 'de', locales: de });

describe('DependencyModal on a slow network', () => {
  afterEach(() => alerts.clearAll());

  it('cannot be cancelled while the save runs: cancelling said "No software dependency added" and then that the dependencies were saved', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    global.fetch = fetchMock as unknown as typeof fetch;
    const onClose = jest.fn();
    renderGerman(<DependencyModal pkg={all[0]} packages={all} loadPackages={async () => all} onClose={onClose} onSaved={jest.fn()} />);
    await waitFor(() => expect(screen.getByTestId('available-c')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('available-c'));
    fireEvent.click(screen.getByTestId('dependencies-save'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByTestId('dependencies-cancel')).toBeDisabled();
    expect(screen.getByTestId('dependencies-cancel')).toHaveAccessibleDescription(de['The dependencies are being saved.']);
    fireEvent.click(screen.getByTestId('dependencies-cancel'));
    fireEvent(document.querySelector('dialog')!, new Event('cancel', { cancelable: true }));
    expect(onClose).not.toHaveBeenCalled();
    expect(alerts.list()).toEqual([]);
    answer(reply(200, { ...all[0], dependencies: [{ id: 'c', name: 'gamma', version: '1.0' }] }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(alerts.list().map((a) => a.type)).toEqual(['success']);
  });
});

describe('DependencyModal when another user deleted the package', () => {
  afterEach(() => alerts.clearAll());

  it('says which package is gone, sends nothing, and has the page read its list again (on open and on Save)', async () => {
    const fetchMock = jest.fn(async () => reply(404, { message: 'Software package a not found' }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const gone = 'alpha 1.0 ist nicht mehr im Software-Repository: Ein anderer Benutzer hat die Software gelöscht. Es wurde nichts gespeichert.';
    // Deleted before the modal opened (the page's list was stale).
    const onSaved = jest.fn();
    const view = renderGerman(<DependencyModal pkg={all[0]} packages={all} loadPackages={async () => all.slice(1)} onClose={jest.fn()} onSaved={onSaved} />);
    expect(await screen.findByTestId('dependency-gone')).toHaveTextContent(gone);
    expect(screen.getByTestId('dependencies-save')).toBeDisabled();
    expect(onSaved).toHaveBeenCalledTimes(1);
    view.unmount();

    // Deleted while the modal was open.
    let reads = 0;
    const loadPackages = async () => (++reads > 1 ? all.slice(1) : all);
    const onSaved2 = jest.fn();
    renderGerman(<DependencyModal pkg={all[0]} packages={all} loadPackages={loadPackages} onClose={jest.fn()} onSaved={onSaved2} />);
    await waitFor(() => expect(screen.getByTestId('available-c')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('available-c'));
    fireEvent.click(screen.getByTestId('dependencies-save'));
    expect(await screen.findByTestId('dependency-gone')).toHaveTextContent(gone);
    expect(screen.getByTestId('chosen-c')).toBeInTheDocument();
    expect(onSaved2).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('DependencyModal with unsaved changes', () => {
  afterEach(() => alerts.clearAll());
  const question = () => screen.queryByRole('dialog', { name: 'Discard changes' });

  it('closes at once on Escape while the list is as read; once changed, Escape asks (staying keeps the change), Cancel closes at once', async () => {
    global.fetch = jest.fn(async () => reply(200, all[0])) as unknown as typeof fetch;
    const onClose = jest.fn();
    const view = renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={async () => all} onClose={onClose} onSaved={jest.fn()} />, { pluginId: 'software-repository', context: { user: EDITOR } });
    await waitFor(() => expect(screen.getByTestId('available-c')).not.toBeDisabled());
    fireEvent.keyDown(screen.getByTestId('available-c'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    view.unmount();

    renderContribution(<DependencyModal pkg={all[0]} packages={all} loadPackages={async () => all} onClose={onClose} onSaved={jest.fn()} />, { pluginId: 'software-repository', context: { user: EDITOR } });
    await waitFor(() => expect(screen.getByTestId('available-c')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('available-c'));
    await act(async () => fireEvent.keyDown(screen.getByTestId('chosen-c'), { key: 'Escape' }));
    const asked = await screen.findByRole('dialog', { name: 'Discard changes' });
    fireEvent.click(screen.getAllByTestId('confirm-cancel').find((b) => asked.contains(b)) as HTMLElement);
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('chosen-c')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('dependencies-cancel'));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(question()).toBeNull();
  });
});
