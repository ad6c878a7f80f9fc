import { assignmentCounters, assignmentMessage, clearPendingMessage, initializeMessage, isJobCompleted, isJobOngoing, successFailed } from './job';

const status = (fields: Record<string, unknown>) => ({ id: '1', type: 'c8y_status', ...fields });

describe('server job', () => {
  it('is ongoing unless clear pending and assign are both completed', () => {
    expect(isJobOngoing(null)).toBe(false);
    expect(isJobOngoing(status({ dmg_clear_pending_assignment_status: 'completed', dmg_assign_software_status: 'completed' }))).toBe(false);
    expect(isJobOngoing(status({ dmg_clear_pending_assignment_status: 'completed', dmg_assign_software_status: 'running' }))).toBe(true);
    expect(isJobOngoing(status({ dmg_assign_software_status: 'completed' }))).toBe(true);
  });

  it('knows when each job is done', () => {
    expect(isJobCompleted('initialize', status({ dmg_initialize_fragments_status: 'completed' }))).toBe(true);
    expect(isJobCompleted('clearPending', status({ dmg_clear_pending_assignment_status: 'running' }))).toBe(false);
  });

  it('reads success and failed counts', () => {
    expect(successFailed('clearPending', status({ dmg_clear_pending_assignment_success: 4, dmg_clear_pending_assignment_failed: 1 }))).toEqual({ success: 4, failed: 1 });
    expect(successFailed('initialize', null)).toEqual({ success: 0, failed: 0 });
  });

  it('words the results as spec 8', () => {
    expect(clearPendingMessage({ success: 3, failed: 0 })).toEqual({ type: 'success', text: 'Cleared all pending software operations successfully for {{n}} devices.', values: { n: 3 }, lines: undefined });
    expect(clearPendingMessage({ success: 3, failed: 2 }).lines).toEqual([{ text: '{{m}} devices failed.', values: { m: 2 } }]);
    expect(initializeMessage({ success: 1, failed: 1 }).lines).toEqual([{ text: 'Initialization of {{m}} not monitored devices failed.', values: { m: 1 } }]);
    expect(assignmentMessage({ created: 2, updated: 0, alreadyAssigned: 0, failed: 0 }).text).toBe('Software successfully assigned.');
    expect(assignmentMessage({ created: 2, updated: 0, alreadyAssigned: 1, failed: 1 }).text).toBe('An unexpected error occured during software assignment.');
  });

  it('prefers the status counters over the call answer', () => {
    expect(assignmentCounters(status({ dmg_assign_software_counter_total: 3, dmg_assign_software_counter_success: 3 }), { noOfSuccessfullAssignment: 9 }).created).toBe(3);
    expect(assignmentCounters(null, { noOfSuccessfullAssignment: 9, noOfFailedAssignment: 1 })).toEqual({ created: 9, updated: 0, alreadyAssigned: 0, failed: 1 });
  });
});
