import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply } from '@shared/plugin-api/testing';
import { JobConnectionLostError } from '@shared/ui/server-job';
import { clearPending } from './actions';

const status = (clear: string, success: number) => () =>
  jsonReply(200, {
    managedObjects: [{ id: '9', type: 'c8y_status', dmg_assign_software_status: 'completed', dmg_clear_pending_assignment_status: clear, dmg_clear_pending_assignment_success: success, dmg_clear_pending_assignment_failed: 0 }],
    statistics: { currentPage: 1, pageSize: 1 },
  });

/** The clear-pending request is accepted; the status reads answer from `reads` in turn ('offline': no connection), the last one repeating. */
function server(reads: ((() => Response) | 'offline')[]) {
  let i = 0;
  configureClient({
    fetch: (async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return jsonReply(200, {});
      const reply = reads[Math.min(i++, reads.length - 1)];
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      return reply();
    }) as unknown as typeof fetch,
  });
}

async function run(limitMs: number, wanted?: () => boolean) {
  const seen: string[] = [];
  const done = clearPending(['1', '2'], (p, lost) => seen.push(lost ? `lost ${p.done}/${p.total}` : `${p.done}/${p.total}`), wanted).then(
    (r) => ({ result: r, error: undefined }),
    (error: unknown) => ({ result: undefined, error }),
  );
  for (let t = 0; t < limitMs; t += 500) await jest.advanceTimersByTimeAsync(500);
  return { ...(await done), seen };
}

describe('the dashboard lists\' jobs through a lost connection', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('Clear pending waits through 20 s without connection, says so with the progress it had, and ends with the job\'s result', async () => {
    server([status('ongoing', 1), ...Array<'offline'>(10).fill('offline'), status('completed', 2)]);
    const { result, error, seen } = await run(40_000);
    expect(error).toBeUndefined();
    expect(result).toEqual({ success: 2, failed: 0 });
    expect(seen[0]).toBe('1/2');
    expect(seen).toContain('lost 1/2');
    expect(seen[seen.length - 1]).toBe('2/2');
  });

  it('a page left while the connection is lost stops waiting: the job goes on on the server', async () => {
    server([status('ongoing', 1), 'offline']);
    const { error } = await run(20_000, () => false);
    expect(error).toBeInstanceOf(JobConnectionLostError);
  });
});
