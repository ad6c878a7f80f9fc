import { screen } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply, renderContribution, testUser } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import { AlarmDetails } from './alarm-details';

jest.mock('@shared/platform/realtime', () => ({
  ...jest.requireActual('@shared/platform/realtime'),
  getRealtime: () => ({ subscribe: () => () => undefined }),
}));

it("names the screen with the spec's title as its one h1 ('Major software alarms'), not only a sub-heading under the header's 'Alarms'", async () => {
  configureClient({ fetch: (async () => jsonReply(200, { alarms: [], statistics: { currentPage: 1, totalPages: 1 } })) as unknown as typeof fetch });
  renderContribution(<AlarmDetails alerts={{ success: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, {
    context: { user: testUser(['ROLE_ALARM_READ']), query: { severity: 'major', category: 'software', operationsdashboarddetails: 'true' } },
    locales: en,
  });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Major software alarms$/);
  expect(await screen.findByText('No alarms to display')).toBeInTheDocument();
});
