import { QueryClient } from '@tanstack/react-query';
import type { Alarm } from '@shared/platform/alarms';
import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply } from '@shared/plugin-api/testing';
import { alarmCountQuery, alarmListQuery, changeLogQuery, clearAll } from './alarms';

let sent: { method: string; url: URL; accept: string }[] = [];
beforeEach(() => {
  sent = [];
  configureClient({
    xsrfToken: () => '',
    fetch: (async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      sent.push({ method: init.method ?? 'GET', url: new URL(url, 'http://x'), accept: headers.Accept ?? '' });
      if (url.includes('/count')) return jsonReply(200, 0);
      return jsonReply(200, { auditRecords: [], alarms: [], statistics: { currentPage: 1, pageSize: 100 } });
    }) as unknown as typeof fetch,
  });
});
afterEach(() => configureClient({ fetch: undefined, xsrfToken: undefined }));

const params = (i = 0) => Object.fromEntries(sent[i].url.searchParams.entries());

it("asks for an alarm's newest 100 changes: revert=true in a range query (dateFrom), else the platform lists the oldest first", async () => {
  await new QueryClient().fetchQuery(changeLogQuery({ id: '7' } as Alarm));
  expect(sent[0].url.pathname).toBe('/audit/auditRecords');
  expect(sent[0].accept).toBe('application/vnd.com.nsn.cumulocity.auditrecordcollection+json');
  expect(params()).toEqual({ source: '7', type: 'Alarm', dateFrom: '1970-01-01T00:00:00.000Z', revert: 'true', pageSize: '100' });
});

it('sends withSourceDevices only with a source (the platform takes it only together with one)', async () => {
  const client = new QueryClient();
  await client.fetchInfiniteQuery(alarmListQuery({ severity: 'MAJOR', statuses: ['ACTIVE'] }));
  await client.fetchQuery(alarmCountQuery({ severity: 'MAJOR', statuses: ['ACTIVE'] }));
  await clearAll(undefined, ['MAJOR']);
  for (const i of [0, 1, 2]) {
    expect(sent[i].url.searchParams.has('withSourceDevices')).toBe(false);
    expect(sent[i].url.searchParams.has('source')).toBe(false);
  }
  expect(sent[2].method).toBe('PUT');

  sent = [];
  await client.fetchInfiniteQuery(alarmListQuery({ source: '3', severity: 'MAJOR' }));
  await client.fetchQuery(alarmCountQuery({ source: '3', severity: 'MAJOR' }));
  await clearAll('3', ['MAJOR']);
  for (const i of [0, 1, 2]) expect([params(i).source, params(i).withSourceDevices]).toEqual(['3', 'true']);
});
