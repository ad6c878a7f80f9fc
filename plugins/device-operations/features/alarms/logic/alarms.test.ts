import { alarmDetailsTitle, canAcknowledge, canClear, changeLogFrom, parseAlarmDetailsParams, statusesFor, takesStatus } from './alarms';

describe('alarm rules', () => {
  it('takes a change only while the alarm as it is now allows it (a cleared alarm is not reopened)', () => {
    expect(takesStatus({ status: 'ACTIVE' }, 'ACKNOWLEDGED')).toBe(true);
    expect(takesStatus({ status: 'ACKNOWLEDGED' }, 'ACKNOWLEDGED')).toBe(false);
    expect(takesStatus({ status: 'CLEARED' }, 'ACKNOWLEDGED')).toBe(false);
    expect(takesStatus({ status: 'ACKNOWLEDGED' }, 'CLEARED')).toBe(true);
    expect(takesStatus({ status: 'CLEARED' }, 'CLEARED')).toBe(false);
  });

  it('acknowledges only ACTIVE and clears anything not CLEARED', () => {
    expect(canAcknowledge({ status: 'ACTIVE' })).toBe(true);
    expect(canAcknowledge({ status: 'ACKNOWLEDGED' })).toBe(false);
    expect(canClear({ status: 'ACKNOWLEDGED' })).toBe(true);
    expect(canClear({ status: 'CLEARED' })).toBe(false);
    expect(statusesFor(true)).toEqual(['ACTIVE', 'ACKNOWLEDGED']);
    expect(statusesFor(false)).toBeUndefined();
  });

  it.each([
    [{}, 'Alarms', {}],
    [{ severity: 'critical' }, 'Critical alarms', {}],
    [{ severity: 'MAJOR', category: 'software' }, 'Major {{category}} alarms', { category: 'software' }],
    [{ severity: 'warning', category: 'health' }, 'Warning {{category}} alarms', { category: 'health' }],
    [{ severity: 'bogus', category: 'software' }, 'Alarms', {}],
  ])('title of %p', (query, key, values) => {
    expect(alarmDetailsTitle(parseAlarmDetailsParams(query as Record<string, string>))).toEqual({ key, values });
  });

  it('reads the dashboard parameters', () => {
    expect(parseAlarmDetailsParams({ deviceId: '42', operationsdashboarddetails: 'true', category: 'health' })).toEqual({
      severity: undefined,
      category: 'health',
      deviceId: '42',
      fromDashboard: true,
    });
  });

  it('prefers audit records and falls back to the alarm history, newest first', () => {
    const audit = [{ creationTime: '2026-01-01T00:00:00Z', user: 'admin', changes: [{ attribute: 'status', previousValue: 'ACTIVE', newValue: 'ACKNOWLEDGED' }] }];
    expect(changeLogFrom(audit, {})[0]).toEqual({ time: '2026-01-01T00:00:00Z', user: 'admin', text: '', changes: [{ attribute: 'status', previousValue: 'ACTIVE', newValue: 'ACKNOWLEDGED' }] });
    const history = { history: { auditRecords: [{ time: 'a', text: 'one' }, { time: 'b', text: 'two' }] } };
    expect(changeLogFrom([], history).map((e) => e.text)).toEqual(['two', 'one']);
  });
});
