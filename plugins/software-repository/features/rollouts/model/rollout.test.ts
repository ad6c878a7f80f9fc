import { allowedActions, batchCount, canDelete, isSettled, processedSum, progressParts, progressPercent, secondsUntil, shortDuration, visibleRollouts } from './rollout';

describe('rollout action gating', () => {
  it.each([
    ['CREATED', ['start', 'cancel']],
    ['ONGOING', ['pause', 'cancel']],
    ['PAUSED', ['start', 'cancel']],
    ['COMPLETED', ['archive']],
    ['CANCELLED', ['archive']],
    ['BROKEN', []],
    ['ARCHIVED', []],
    ['SOMETHING', []],
  ])('%s offers %j', (status, actions) => {
    expect(allowedActions(status)).toEqual(actions);
  });

  it('deletes anything but a running rollout', () => {
    expect(canDelete('ONGOING')).toBe(false);
    expect(['CREATED', 'PAUSED', 'COMPLETED', 'CANCELLED', 'BROKEN', 'ARCHIVED'].every(canDelete)).toBe(true);
  });

  it.each([
    ['CREATED', false],
    ['ONGOING', false],
    ['PAUSED', false],
    ['COMPLETED', true],
    ['CANCELLED', true],
  ])('polling of %s settled: %s', (status, settled) => {
    expect(isSettled(status)).toBe(settled);
  });
});

describe('counters', () => {
  const counters = { success: 3, upToDate: 2, updated: 1, failed: 4, disabled: 5, total: 30, processed: 999 };

  it('derives processed from the result counters, not the stored value', () => {
    expect(processedSum(counters)).toBe(15);
    expect(processedSum(undefined)).toBe(0);
  });

  it('computes progress and batches', () => {
    expect(progressPercent({ counters })).toBe(50);
    expect(progressPercent({ counters: { ...counters, total: 0 } })).toBe(0);
    expect(batchCount({ counters, rolloutParameters: { batchSize: 7, batchGapSeconds: 1, automaticPauseLimits: [] } })).toBe(5);
  });
});

describe('visible rollouts', () => {
  const r = (name: string, status: string, sw = 'opcua') => ({ name, status: status as never, software: { name: sw, version: '2.0' } });
  const list = [r('first', 'CREATED'), r('old', 'ARCHIVED'), r('Second', 'ONGOING', 'agent')];

  it('hides archived unless shown', () => {
    expect(visibleRollouts(list, { showArchived: false, text: '' }).map((x) => x.name)).toEqual(['first', 'Second']);
    expect(visibleRollouts(list, { showArchived: true, text: '' })).toHaveLength(3);
  });

  it('filters case-insensitively on name and software', () => {
    expect(visibleRollouts(list, { showArchived: true, text: 'SEC' }).map((x) => x.name)).toEqual(['Second']);
    expect(visibleRollouts(list, { showArchived: false, text: 'opc' }).map((x) => x.name)).toEqual(['first']);
  });
});

describe('progress of a running rollout', () => {
  const counters = { success: 10, upToDate: 5, updated: 5, failed: 10, disabled: 10, waiting: 20, total: 100 };

  it('splits the bar into success, failed, disabled and waiting shares of all devices', () => {
    expect(progressParts({ counters })).toEqual({ success: 20, failed: 10, disabled: 10, waiting: 20 });
    expect(progressParts({ counters: { ...counters, total: 0 } })).toEqual({ success: 0, failed: 0, disabled: 0, waiting: 0 });
  });

  it('counts down to a time and writes durations with two units', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(secondsUntil(new Date(now + 61_500).toISOString(), now)).toBe(62);
    expect(secondsUntil(new Date(now - 5000).toISOString(), now)).toBe(0);
    expect(secondsUntil(null, now)).toBeNull();
    expect(secondsUntil('not a time', now)).toBeNull();
    expect([45, 200, 3600, 3900].map(shortDuration)).toEqual(['45 s', '3 min 20 s', '1 h', '1 h 5 min']);
  });
});
