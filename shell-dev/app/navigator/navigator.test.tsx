import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { announceGroupsChanged } from '@shared/plugin-api/groups-changed';
import { buildNavigatorTree } from '@shared/plugin-api/navigator';
import { testContext } from '@shared/plugin-api/testing';
import type { NavigatorChildrenPage, NavigatorNodeContribution, Registered } from '@shared/plugin-api/types';
import { initShellI18n, loadShellLanguage } from '../i18n-setup';
import { Navigator } from './navigator';

const node = (pluginId: string, over: Partial<NavigatorNodeContribution> & { id: string; label: string }): Registered<NavigatorNodeContribution> => ({
  kind: 'navigator-node',
  priority: 0,
  pluginId,
  ...over,
});

const contributions = [
  node('a', { id: 'navigator-node:a/devices', label: 'Devices', icon: 'th-list', priority: 9000 }),
  node('a', { id: 'navigator-node:a/iot', label: 'IoTconnectors', parent: 'Devices', path: '/views/iotconnector', priority: 3000 }),
  node('b', { id: 'navigator-node:b/celos', label: 'CELOS OS', parent: 'Devices', path: '/views/celosos_x64', priority: 2000 }),
  node('b', { id: 'navigator-node:b/dash', label: 'Operations Dashboard', path: '/deviceOperationsDashboard', icon: 'th', priority: 10000 }),
  node('c', { id: 'navigator-node:c/rollouts', label: 'Software Rollouts', parent: 'Management', path: '/softwarerollout', priority: 1000 }),
  node('c', { id: 'navigator-node:c/repo', label: 'Software repository', parent: 'Management', path: '/software', priority: 1000 }),
  node('c', { id: 'navigator-node:c/fw', label: 'Firmware', parent: 'Management', path: '/firmware', priority: 10 }),
];

function renderNavigator(activePath: string, list = contributions, language: 'en' | 'de' = 'en') {
  const i18n = initShellI18n(language);
  void i18n.changeLanguage(language);
  const ctx = testContext({ path: activePath });
  const tree = buildNavigatorTree(list, ctx);
  return render(
    <I18nextProvider i18n={i18n} defaultNS="shell">
      <Navigator title="Shell" tree={tree} contributions={list} activePath={activePath} context={ctx} />
    </I18nextProvider>,
  );
}

const labels = (root: HTMLElement) => within(root).getAllByTestId('navigator-node').map((n) => n.textContent?.trim());

describe('Navigator', () => {
  it('shows roots and children in priority order, parents merged by label', () => {
    renderNavigator('/views/iotconnector');
    expect(labels(screen.getByTestId('navigator'))).toEqual([
      'Operations Dashboard',
      'Devices',
      'IoTconnectors',
      'CELOS OS',
      'Management',
      'Software repository',
      'Software Rollouts',
      'Firmware',
    ]);
  });

  it('marks the active item and opens only its group', () => {
    const { container } = renderNavigator('/views/celosos_x64/sub');
    const active = container.querySelectorAll('.link.active');
    expect([...active].map((a) => a.textContent?.trim())).toEqual(['CELOS OS']);
    const groups = container.querySelectorAll('.children');
    expect([...groups].map((g) => g.classList.contains('in'))).toEqual([true, false]);
  });

  it('toggles a group and renders icons as dlt-c8y-icon-<icon>', () => {
    const { container } = renderNavigator('/deviceOperationsDashboard');
    expect(container.querySelector('[data-node-id="navigator-node:b/dash"] i.dlt-c8y-icon-th')).not.toBeNull();
    // The navigation rules give firmware children the 'electronics' icon.
    expect(container.querySelector('[data-node-id="navigator-node:c/fw"] i.dlt-c8y-icon-electronics')).not.toBeNull();
    const management = container.querySelectorAll('.children')[1];
    expect(management.classList.contains('in')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Management', expanded: false })[0]);
    expect(management.classList.contains('in')).toBe(true);
    expect(screen.getByText('Software Rollouts').closest('a')?.getAttribute('href')).toBe('#/softwarerollout');
  });

  it('gives every control its own name: a group is one toggle, an entry with children a link and a named toggle', async () => {
    const loadChildren = jest.fn(async (): Promise<NavigatorChildrenPage> => ({ nodes: [{ id: 'g1', label: 'Group 1', path: '/group/1', expandable: true }] }));
    renderNavigator('/views/iotconnector', [...contributions, node('a', { id: 'navigator-node:a/groups', label: 'Groups', priority: 7000, loadChildren })]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Groups', expanded: false }));
    });
    await screen.findByText('Group 1');
    const nav = screen.getByTestId('navigator');
    const names = [...nav.querySelectorAll('a, button')].map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim());
    expect(names.length).toBeGreaterThan(8);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(screen.getByRole('link', { name: 'Group 1' })).toHaveAttribute('href', '#/group/1');
    expect(screen.getByRole('button', { name: 'Entries under Group 1' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('translates labels in the namespace of the contributing plugin', () => {
    const i18n = initShellI18n('en');
    i18n.addResourceBundle('de', 'b', { 'Operations Dashboard': 'Betriebs-Dashboard' }, true, true);
    renderNavigator('/', contributions, 'de');
    expect(screen.getByText('Betriebs-Dashboard')).toBeInTheDocument();
    act(() => void i18n.changeLanguage('en'));
  });

  it('loads server-side children when a node is expanded, with "Search more"', async () => {
    const second: NavigatorChildrenPage = { nodes: [{ id: 'g3', label: 'Group 3', path: '/group/3', expandable: false }] };
    const loadChildren = jest.fn(async (parentPath: string | null): Promise<NavigatorChildrenPage> => {
      if (parentPath === null) {
        return { nodes: [{ id: 'g1', label: 'Group 1', path: '/group/1', expandable: true }], more: async () => second };
      }
      return { nodes: [{ id: 'g2', label: `Child of ${parentPath}`, path: '/group/2', expandable: false }] };
    });
    const list = [...contributions, node('a', { id: 'navigator-node:a/groups', label: 'Groups', icon: 'c8y-group', priority: 7000, loadChildren })];
    renderNavigator('/views/iotconnector', list);
    expect(loadChildren).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Groups', expanded: false })[0]);
    });
    await screen.findByText('Group 1');
    expect(loadChildren).toHaveBeenCalledWith(null, expect.objectContaining({ path: '/views/iotconnector' }));
    const searchMore = screen.getByRole('button', { name: 'Search more' });
    searchMore.focus();
    await act(async () => {
      fireEvent.click(searchMore);
    });
    await screen.findByText('Group 3');
    // The button is gone while the next page loads: focus goes on to the first entry it brought.
    expect(screen.getByRole('link', { name: 'Group 3' })).toHaveFocus();
    const group1 = screen.getByText('Group 1').closest('.link')!;
    await act(async () => {
      fireEvent.click(within(group1 as HTMLElement).getByRole('button', { name: 'Entries under Group 1', expanded: false }));
    });
    await waitFor(() => expect(screen.getByText('Child of /group/1')).toBeInTheDocument());
  });

  it('reloads the open levels of the Groups tree when a plugin announces changed groups', async () => {
    let roots = ['Group 1'];
    const loadChildren = jest.fn(async (parentPath: string | null): Promise<NavigatorChildrenPage> =>
      parentPath === null
        ? { nodes: roots.map((label, i) => ({ id: `g${i}`, label, path: `/group/${i}`, expandable: true })) }
        : { nodes: [{ id: `d-${parentPath}-${loadChildren.mock.calls.length}`, label: `Device ${loadChildren.mock.calls.length}`, path: '/device/9', expandable: false }] },
    );
    const list = [...contributions, node('a', { id: 'navigator-node:a/groups', label: 'Groups', icon: 'c8y-group', priority: 7000, loadChildren })];
    renderNavigator('/views/iotconnector', list);
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Groups', expanded: false })[0]);
    });
    const group1 = (await screen.findByText('Group 1')).closest('.link') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(group1).getByRole('button', { name: 'Entries under Group 1', expanded: false }));
    });
    expect(await screen.findByText('Device 2')).toBeInTheDocument();

    roots = ['Group 1', 'New smart group'];
    await act(async () => {
      announceGroupsChanged();
    });
    // The root level and the open group reload; the group stays open.
    expect(await screen.findByText('New smart group')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/^Device [34]$/)).toBeInTheDocument());
    expect(screen.queryByText('Device 2')).toBeNull();
    expect(loadChildren).toHaveBeenCalledTimes(4);
  });

  it('says why the Groups tree could not be loaded, in German too, and Retry loads it', async () => {
    const loadChildren = jest
      .fn<Promise<NavigatorChildrenPage>, [string | null]>()
      .mockRejectedValueOnce(new Error('Access is denied'))
      .mockResolvedValueOnce({ nodes: [{ id: 'g1', label: 'Group 1', path: '/group/1', expandable: false }] });
    const list = [...contributions, node('a', { id: 'navigator-node:a/groups', label: 'Groups', icon: 'c8y-group', priority: 7000, loadChildren })];
    const i18n = initShellI18n('de');
    await loadShellLanguage('de');
    renderNavigator('/views/iotconnector', list, 'de');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Groups', expanded: false })[0]);
    });
    expect(await screen.findByTestId('navigator-children-error')).toHaveTextContent('Die Einträge konnten nicht geladen werden: Access is denied');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Wiederholen' }));
    });
    expect(await screen.findByText('Group 1')).toBeInTheDocument();
    expect(screen.queryByTestId('navigator-children-error')).toBeNull();
    await i18n.changeLanguage('en');
  });

  it('shows nothing without a current user', () => {
    const ctx = testContext({ user: null });
    expect(buildNavigatorTree(contributions, ctx)).toEqual([]);
  });
});

describe('a group the user opened', () => {
  it('stays open when a plugin registered later adds a root entry of the same label (the merged node takes its id)', () => {
    const i18n = initShellI18n('en');
    const ctx = testContext({ path: '/device/1/info' });
    // Only children of Management at first: the merged root is named after its label.
    const first = contributions.filter((c) => c.parent === 'Management');
    const view = (list: typeof contributions) => (
      <I18nextProvider i18n={i18n} defaultNS="shell">
        <Navigator title="Shell" tree={buildNavigatorTree(list, ctx)} contributions={list} activePath="/device/1/info" context={ctx} />
      </I18nextProvider>
    );
    const { rerender } = render(view(first));
    fireEvent.click(screen.getByRole('button', { name: 'Management' }));
    expect(screen.getByRole('button', { name: 'Management' })).toHaveAttribute('aria-expanded', 'true');
    // A deferred plugin brings Management's own root entry: the merged node's id changes.
    const later = [...first, node('d', { id: 'navigator-node:d/management', label: 'Management', icon: 'cogs', priority: 500 })];
    expect(buildNavigatorTree(later, ctx).find((n) => n.label === 'Management')?.id).not.toBe(buildNavigatorTree(first, ctx).find((n) => n.label === 'Management')?.id);
    rerender(view(later));
    expect(screen.getByRole('button', { name: 'Management' })).toHaveAttribute('aria-expanded', 'true');
  });
});
