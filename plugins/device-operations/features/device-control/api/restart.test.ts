import { QueryClient } from '@tanstack/react-query';
import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply } from '@shared/plugin-api/testing';
import { latestRestartQuery } from './restart';

afterEach(() => configureClient({ fetch: undefined }));

it('asks for the newest restart as the platform gives it: revert=true in a range query (dateFrom), else it lists the oldest first', async () => {
  const urls: URL[] = [];
  configureClient({
    fetch: (async (url: string) => {
      urls.push(new URL(url, 'http://x'));
      return jsonReply(200, { operations: [{ id: '9', deviceId: '42', status: 'PENDING', netbox_RestartAgentOperation: {} }], statistics: { currentPage: 1, pageSize: 1 } });
    }) as unknown as typeof fetch,
  });
  const op = await new QueryClient().fetchQuery(latestRestartQuery('42', 'agent'));
  expect(op?.id).toBe('9');
  const q = urls[0].searchParams;
  expect([q.get('deviceId'), q.get('fragmentType'), q.get('pageSize'), q.get('revert')]).toEqual(['42', 'netbox_RestartAgentOperation', '1', 'true']);
  expect(q.get('dateFrom')).toBe('1970-01-01T00:00:00.000Z');
});
