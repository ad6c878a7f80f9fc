import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { anyOf } from '@shared/platform/query-language';
import { jsonReply, renderContribution, testUser } from '@shared/plugin-api/testing';
import en from '../../../locales/lists.en.json';
import de from '../../../locales/lists.de.json';
import { DEFAULT_COLUMNS } from '../model/columns';
import { DeviceListView } from './device-list-view';

const SOURCE = { key: ['views', 'iotconnector'], base: anyOf('type', ['adamos_NETbox']) };
const devices = [1, 2, 3].map((i) => ({ id: String(i), name: `IoTconnector NB${i}`, type: 'adamos_NETbox' }));

/** The filtered page answers; counting the whole source (pageSize 1, no column filter) fails. */
function sourceCountFails() {
  configureClient({
    fetch: (async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/user/currentUser') return jsonReply(200, { id: 'operator', userName: 'operator', customProperties: {} });
      const query = u.searchParams.get('query') ?? '';
      if (query.includes('c8y_status')) return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      if (u.searchParams.get('pageSize') === '1') return jsonReply(503, { error: 'inventory/failed', message: 'Service down' });
      return jsonReply(200, { managedObjects: devices, statistics: { currentPage: 1, pageSize: 25, totalElements: 3 } });
    }) as unknown as typeof fetch,
  });
}

const view = <DeviceListView source={SOURCE} title="IoTconnectors" available={DEFAULT_COLUMNS} defaults={DEFAULT_COLUMNS} csvFileName="x.csv" />;
const context = { user: testUser(['ROLE_INVENTORY_READ']), path: '/views/iotconnector', query: { 'f.name': 'NB' } };

describe('DeviceListView title', () => {
  it('says the filtered count and why the total is missing when the source cannot be counted (not "…" for ever)', async () => {
    sourceCountFails();
    const { unmount } = renderContribution(view, { locales: en, context });
    await waitFor(() => expect(screen.getByTestId('list-count')).toHaveTextContent('Filtered 3 devices (the total could not be counted: Service down)'));
    unmount();
    renderContribution(view, { language: 'de', locales: de, context: { ...context, language: 'de' } });
    await waitFor(() => expect(screen.getByTestId('list-count')).toHaveTextContent('3 Geräte gefiltert (die Gesamtzahl konnte nicht gezählt werden: Service down)'));
  });
});

/** The icon classes the platform's design system defines (@c8y/style, the dlt-c8y-icons font). */
const DESIGN_SYSTEM_ICONS = new Set(
  [...fs.readFileSync(path.join(require.resolve('@c8y/style/package.json'), '..', 'styles', 'icons', '_dlt-c8y-icons.scss'), 'utf8').matchAll(/^\.(dlt-c8y-icon-[\w-]+)\s*\{/gm)].map((m) => m[1]),
);

describe('DeviceListView toolbar', () => {
  it("draws every action's icon from the design system (Create smart group had a class the font lacks, so no icon)", async () => {
    sourceCountFails();
    renderContribution(view, { locales: en, context: { ...context, user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) } });
    await waitFor(() => expect(screen.getByTestId('action-smart-group')).toBeInTheDocument());
    const icons = [...screen.getByTestId('bulk-actions').querySelectorAll('i')].flatMap((i) => [...i.classList].filter((c) => c.startsWith('dlt-c8y-icon-') && c !== 'dlt-c8y-icon-spin'));
    expect(icons).toEqual(expect.arrayContaining(['dlt-c8y-icon-download', 'dlt-c8y-icon-eraser', 'dlt-c8y-icon-filter', 'dlt-c8y-icon-refresh']));
    expect(icons.filter((c) => !DESIGN_SYSTEM_ICONS.has(c))).toEqual([]);
  });
});
