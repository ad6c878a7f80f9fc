import { screen } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { renderContribution, testUser, jsonReply as reply } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import listsEn from '../../../locales/lists.en.json';
import deviceEn from '../../../locales/device.en.json';
import { InfoTab } from './info-tab';

const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn(), clear: jest.fn() };

/** Every read of the Info tab's own queries (owner, provisioning child) fails. */
function failingPlatform() {
  configureClient({
    fetch: (async () => reply(500, { error: 'x', message: 'Database down' })) as typeof fetch,
  });
}

it('says that the owner and the provisioning data could not be loaded, rather than showing them empty', async () => {
  failingPlatform();
  renderContribution(
    <InfoTab
      device={{ id: '42', name: 'box', type: 'adamos_NETbox', owner: 'device_box' }}
      isAdmin={false}
      alerts={alerts}
      confirm={async () => true}
      onSaved={jest.fn()}
      onReload={async () => undefined}
    />,
    {
      context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_USER_MANAGEMENT_READ']), tenant: { name: 'demo' } },
      locales: { ...en, ...listsEn, ...deviceEn },
    },
  );
  expect(await screen.findByTestId('provisioning-error')).toHaveTextContent('The provisioning data could not be loaded: Database down');
  expect(await screen.findByTestId('owner-error')).toHaveTextContent('The owner could not be loaded: Database down');
});
