import { assignmentCounters, assignmentMessage, clearPendingMessage, initializeMessage } from './job';

const status = (fields: Record<string, unknown>) => ({ id: '1', type: 'c8y_status', ...fields });

describe('server job', () => {
  it('words the results as spec 8', () => {
    expect(clearPendingMessage({ success: 3, failed: 0 })).toEqual({ type: 'success', text: 'Cleared all pending software operations successfully for {{n}} devices.', values: { n: 3 }, lines: undefined });
    expect(clearPendingMessage({ success: 3, failed: 2 }).lines).toEqual([{ text: '{{m}} devices failed.', values: { m: 2 } }]);
    expect(initializeMessage({ success: 0, failed: 1 }, 60).lines).toEqual([{ text: 'Initialization of {{m}} not monitored devices failed.', values: { m: 1 } }]);
    // Issue 19.12: what Initialize changed and when the status follows.
    expect(initializeMessage({ success: 2, failed: 0 }, 60).lines).toEqual([{ text: expect.stringContaining('required interval of {{minutes}} minutes'), values: { minutes: 60 } }]);
    expect(initializeMessage({ success: 2, failed: 0 }, undefined).lines?.[0].text).toContain('within its required interval');
    expect(assignmentMessage({ created: 2, updated: 0, alreadyAssigned: 0, failed: 0 }).text).toBe('Software successfully assigned.');
    expect(assignmentMessage({ created: 2, updated: 0, alreadyAssigned: 1, failed: 1 }).text).toBe('An unexpected error occured during software assignment.');
  });

  it('prefers the status counters over the call answer', () => {
    expect(assignmentCounters(status({ dmg_assign_software_counter_total: 3, dmg_assign_software_counter_success: 3 }), { noOfSuccessfullAssignment: 9 }).created).toBe(3);
    expect(assignmentCounters(null, { noOfSuccessfullAssignment: 9, noOfFailedAssignment: 1 })).toEqual({ created: 9, updated: 0, alreadyAssigned: 0, failed: 1 });
  });
});
