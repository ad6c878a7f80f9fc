import { configureClient } from './fetch-client';
import { jsonReply } from '../plugin-api/testing';
import { listOperations, SINCE_EVER } from './operations';

let sent: URL[] = [];
beforeEach(() => {
  sent = [];
  configureClient({
    xsrfToken: () => '',
    fetch: (async (url: string) => {
      sent.push(new URL(url, 'http://x'));
      return jsonReply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } });
    }) as unknown as typeof fetch,
  });
});
afterEach(() => configureClient({ fetch: undefined, xsrfToken: undefined }));

const params = () => Object.fromEntries(sent[0].searchParams.entries());

describe('listOperations', () => {
  it('sends revert in a range query: the platform honours it only with dateFrom or dateTo, else lists the oldest first', async () => {
    await listOperations({ deviceId: '7', revert: true, pageSize: 5 });
    expect(params()).toEqual({ deviceId: '7', revert: 'true', pageSize: '5', dateFrom: SINCE_EVER });
  });

  it("keeps the caller's range, and adds none without revert", async () => {
    await listOperations({ deviceId: '7', revert: true, dateTo: '2026-01-01T00:00:00.000Z' });
    expect(params()).toEqual({ deviceId: '7', revert: 'true', dateTo: '2026-01-01T00:00:00.000Z' });
    sent = [];
    await listOperations({ deviceId: '7' });
    expect(params()).toEqual({ deviceId: '7' });
  });
});
