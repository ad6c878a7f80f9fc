import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply } from '@shared/plugin-api/testing';
import { logout } from './session';

const platformAnswers = (status: number, body: unknown = {}) => configureClient({ fetch: (async () => jsonReply(status, body)) as unknown as typeof fetch });

afterEach(() => configureClient({ fetch: undefined }));

describe('logout', () => {
  it('is done when the platform ends the session, or when it had ended already (401)', async () => {
    platformAnswers(200);
    await expect(logout()).resolves.toBeUndefined();
    platformAnswers(401, { error: 'security/Unauthorized', message: 'Full authentication is required' });
    await expect(logout()).resolves.toBeUndefined();
  });

  it('fails when the platform did not end the session (the user is still logged in)', async () => {
    platformAnswers(503, { error: 'general/Service Unavailable', message: 'Service Unavailable' });
    await expect(logout()).rejects.toThrow('Service Unavailable');
  });
});
