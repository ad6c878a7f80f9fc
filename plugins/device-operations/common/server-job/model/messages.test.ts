import { NetworkError, PlatformError } from '@shared/platform/fetch-client';
import { assignmentResult, clearPendingResult, httpError, initializeResult, unexpectedError } from './messages';
import * as messages from './messages';

describe('result messages', () => {
  it('assignment success is dismissed after 15 s, with counters', () => {
    const r = assignmentResult({ total: 4, success: 2, updated: 1, upToDate: 1, failed: 0 });
    expect(r.alert.text).toBe('Software assignment successful');
    expect(r.dismissAfterMs).toBe(15000);
    expect(r.alert.details?.map((d) => d.values?.n)).toEqual([2, 1, 1, 0]);
  });
  it('any failed assignment is a danger that stays', () => {
    const r = assignmentResult({ total: 4, success: 2, updated: 0, upToDate: 1, failed: 1 });
    expect(r.alert).toMatchObject({ type: 'danger', text: 'Software assignment failed' });
    expect(r.dismissAfterMs).toBeUndefined();
  });
  it('unexpected error shows the status and the response data', () => {
    const r = unexpectedError(new PlatformError(422, 'Unprocessable', { error: 'x', message: 'bad' }));
    expect(r.alert.values).toEqual({ status: 422 });
    expect(r.alert.details?.[0].text).toContain('bad');
  });
  it('clear pending and initialize add the failed count only when some failed', () => {
    expect(clearPendingResult({ success: 5, failed: 0 }).alert.details).toBeUndefined();
    expect(clearPendingResult({ success: 5, failed: 2 }).alert.details).toEqual([{ text: '{{n}} devices failed.', values: { n: 2 } }]);
    expect(initializeResult({ success: 3, failed: 1 }, 60).alert).toMatchObject({ text: 'Initialized {{n}} not monitored devices.', values: { n: 3 } });
  });
  it('initialize says what changed and when the status follows, and stays until closed', () => {
    const r = initializeResult({ success: 3, failed: 1 }, 60);
    expect(r.alert.details?.[0]).toEqual({ text: expect.stringContaining('required interval of {{minutes}} minutes'), values: { minutes: 60 } });
    expect(r.alert.details?.[1]).toEqual({ text: 'Initialization of {{n}} not monitored devices failed.', values: { n: 1 } });
    expect(r.dismissAfterMs).toBe(0);
    expect(initializeResult({ success: 2, failed: 0 }, undefined).alert.details?.[0].text).toContain('within its required interval');
    expect(initializeResult({ success: 0, failed: 2 }, 60).alert.details).toEqual([{ text: 'Initialization of {{n}} not monitored devices failed.', values: { n: 2 } }]);
  });
  it('http errors read status and status text', () => {
    expect(httpError(new PlatformError(503, 'Service Unavailable', null)).alert.values).toEqual({ status: 503, statusText: 'Service Unavailable' });
  });
  it('a request without answer (no connection) says so without a status "0"', () => {
    const spec = httpError(new NetworkError(new TypeError('Failed to fetch')));
    expect(spec.alert).toEqual({ type: 'danger', text: 'Error: {{message}}', values: { message: 'The platform cannot be reached. Check the connection and try again.' } });
  });
  // Spec 8 and 9: the kind, the exact text and the dismiss time of each remaining message.
  it('rollout created is a success dismissed after 5 s; a failed creation is a danger with the response data, that stays', () => {
    expect(messages.rolloutCreated()).toEqual({ alert: { type: 'success', text: 'Software rollout creation successful - needs to be started' }, dismissAfterMs: 5000 });
    const failed = messages.rolloutFailed(new PlatformError(422, 'Unprocessable', { message: 'batch size too large' }));
    expect(failed.alert).toMatchObject({ type: 'danger', text: 'Software rollout creation failed' });
    expect(failed.alert.details?.[0].text).toContain('batch size too large');
    expect(failed.dismissAfterMs).toBeUndefined();
  });
  it('a dismissed dialog and a triggered clear pending are infos', () => {
    expect(messages.noSoftwareAssigned().alert).toEqual({ type: 'info', text: 'No software assigned' });
    expect(messages.clearPendingTriggered().alert).toEqual({ type: 'info', text: 'Clearing pending software assignments triggered' });
  });
  it("a group's Select Software: empty group, success (15 s, an assignment success) and cancel", () => {
    expect(messages.emptyGroup().alert).toEqual({ type: 'warning', text: 'No Device to assign Sofware' });
    expect(messages.groupAssigned()).toEqual({ alert: { type: 'success', text: 'Software successfully assigned' }, dismissAfterMs: 15000 });
    expect(messages.groupNotAssigned().alert).toEqual({ type: 'info', text: 'No software was assigned' });
  });
});
