import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply } from '@shared/plugin-api/testing';
import { serverJobKeys, type JobKind } from '@shared/ui/server-job';
import type { AlertSpec } from '../model/messages';
import { useJobResults } from './use-job-results';
import { useServerJob } from './use-server-job';

/** The newest c8y_status object the server answers with (null: none). */
let newest: Record<string, unknown> | null = null;
const job = (id: string, over: Record<string, unknown>) => ({
  id,
  type: 'c8y_status',
  dmg_clear_pending_assignment_status: 'completed',
  dmg_assign_software_status: 'completed',
  dmg_initialize_fragments_status: 'completed',
  ...over,
});

function setUp() {
  configureClient({ fetch: (async () => jsonReply(200, { managedObjects: newest ? [newest] : [], statistics: { currentPage: 1, pageSize: 1 } })) as unknown as typeof fetch });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const results: { kind: JobKind; spec: AlertSpec }[] = [];
  const hook = renderHook(
    () => {
      useJobResults((kind, spec) => results.push({ kind, spec }));
      return useServerJob();
    },
    { wrapper },
  );
  /** The list's next poll of the status, until the page has its answer (React Query tells it on a later tick). */
  const poll = async () => {
    await act(() => client.refetchQueries({ queryKey: serverJobKeys.newest() }));
    await waitFor(() => expect(hook.result.current.status.data).toEqual(newest));
  };
  return { client, hook, results, poll };
}

describe('useJobResults: the result of a job this tab did not start', () => {
  it('an assignment seen running is reported with its counters when the server says it is completed, marked as started elsewhere', async () => {
    newest = job('5', {});
    const { results, poll, hook } = setUp();
    await waitFor(() => expect(hook.result.current.status.isSuccess).toBe(true));
    newest = job('6', { dmg_assign_software_status: 'ongoing', dmg_assign_software_counter_total: 4, dmg_assign_software_counter_success: 1 });
    await poll();
    expect(results).toEqual([]);
    newest = job('6', { dmg_assign_software_counter_total: 4, dmg_assign_software_counter_success: 2, dmg_assign_software_counter_updated: 1, dmg_assign_software_counter_failed: 1 });
    await poll();
    expect(results).toHaveLength(1);
    expect(results[0].kind).toBe('assign');
    expect(results[0].spec.alert).toEqual({
      type: 'danger',
      text: 'Software assignment failed',
      details: [
        { text: 'Started in another browser tab or by another user; finished on the server.' },
        { text: 'Created: {{n}}', values: { n: 2 } },
        { text: 'Updated: {{n}}', values: { n: 1 } },
        { text: 'Already assigned/installed: {{n}}', values: { n: 0 } },
        { text: 'Failed: {{n}}', values: { n: 1 } },
      ],
    });
    await poll();
    expect(results).toHaveLength(1);
  });

  it('a clear pending that started and finished between two polls is reported too; one finished before the page was shown is not', async () => {
    newest = job('7', { dmg_initialize_fragments_success: 3 });
    const { results, poll, hook } = setUp();
    await waitFor(() => expect(hook.result.current.status.isSuccess).toBe(true));
    await poll();
    expect(results).toEqual([]);
    newest = job('8', { dmg_clear_pending_assignment_success: 5 });
    await poll();
    expect(results.map((r) => [r.kind, r.spec.alert.text, r.spec.alert.values])).toEqual([['clearPending', 'Cleared all pending software operations successfully for {{n}} devices.', { n: 5 }]]);
  });

  it('leaves out the jobs this tab runs (their results are said by the action that started them)', async () => {
    newest = job('10', {});
    const { results, poll, hook } = setUp();
    await waitFor(() => expect(hook.result.current.status.isSuccess).toBe(true));
    await act(async () => {
      await hook.result.current.runJob('assign', 2, async () => {
        newest = job('11', { dmg_assign_software_counter_total: 2, dmg_assign_software_counter_success: 2 });
        // The list's poll reads the new status object before the job's own wait does.
        await poll();
        return null;
      });
    });
    await poll();
    expect(results).toEqual([]);
  });
});
