import { screen } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { renderContribution, testUser, jsonReply as reply } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import listsEn from '../../../locales/lists.en.json';
import deviceEn from '../../../locales/device.en.json';
import { GroupsCard } from './groups-card';

/** The group list (page of 2000) fails; the device's own groups are asked for by childAssetId. */
function platform() {
  configureClient({
    fetch: (async (url: string) => {
      const q = new URL(url, 'http://x').searchParams;
      if (q.get('childAssetId') === '42') return reply(200, { managedObjects: [{ id: '5', name: 'Plant Bielefeld', c8y_IsDeviceGroup: {} }], statistics: { currentPage: 1 } });
      return reply(500, { error: 'x', message: 'Database down' });
    }) as typeof fetch,
  });
}

it("shows the device's groups even when the group list fails, and says that it failed", async () => {
  platform();
  renderContribution(<GroupsCard device={{ id: '42', name: 'box' }} alerts={{ success: jest.fn(), fail: jest.fn() }} onChanged={async () => undefined} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    locales: { ...en, ...listsEn, ...deviceEn },
  });
  expect(await screen.findByText('Plant Bielefeld')).toBeInTheDocument();
  expect(await screen.findByTestId('groups-error', {}, { timeout: 10000 })).toHaveTextContent('The groups could not be loaded: Database down');
});
