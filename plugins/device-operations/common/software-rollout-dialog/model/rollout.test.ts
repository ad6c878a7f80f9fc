import type { ManagedObject } from '@shared/platform/inventory';
import { defaultRolloutForm, formatDuration, nextPauseLimit, planRollout, rolloutFormDirty, toParameters, validateRolloutForm } from './rollout';

describe('rolloutFormDirty', () => {
  const software = { name: 'agent', version: '1.0' };
  it('is false as opened and true once the name or a parameter differs, a pause limit added', () => {
    expect(rolloutFormDirty('agent 1.0', defaultRolloutForm(), software)).toBe(false);
    expect(rolloutFormDirty('agent 1.0 plant B', defaultRolloutForm(), software)).toBe(true);
    expect(rolloutFormDirty('agent 1.0', { ...defaultRolloutForm(), batchGapSeconds: '30' }, software)).toBe(true);
    expect(rolloutFormDirty('agent 1.0', { ...defaultRolloutForm(), errorThresholdPercent: '5' }, software)).toBe(true);
    expect(rolloutFormDirty('agent 1.0', { ...defaultRolloutForm(), automaticPauseLimits: ['100'] }, software)).toBe(true);
  });
});

describe('rollout form', () => {
  it('defaults to batch size 10, delay 60 s, no pause limits, time-out one hour, no error threshold', () => {
    expect(defaultRolloutForm()).toEqual({ batchSize: '10', batchGapSeconds: '60', automaticPauseLimits: [], operationTimeoutSeconds: '3600', errorThresholdPercent: '' });
    expect(validateRolloutForm(defaultRolloutForm())).toEqual([]);
  });
  it.each([
    ['0', 'batchSize'],
    ['2001', 'batchSize'],
    ['1.5', 'batchSize'],
    ['abc', 'batchSize'],
  ])('batch size %s is invalid', (value, field) => {
    expect(validateRolloutForm({ ...defaultRolloutForm(), batchSize: value }).map((e) => e.field)).toEqual([field]);
  });
  it.each(['1', '2000'])('batch size %s is valid', (value) => {
    expect(validateRolloutForm({ ...defaultRolloutForm(), batchSize: value })).toEqual([]);
  });
  it.each([
    ['0', false],
    ['1', true],
    ['600', true],
    ['601', false],
  ])('delay %s valid: %s', (value, ok) => {
    expect(validateRolloutForm({ ...defaultRolloutForm(), batchGapSeconds: value }).length === 0).toBe(ok);
  });
  it.each([
    ['0', false],
    ['1', true],
    ['50000', true],
    ['50001', false],
  ])('pause limit %s valid: %s', (value, ok) => {
    const errors = validateRolloutForm({ ...defaultRolloutForm(), automaticPauseLimits: ['100', value] });
    expect(errors.length === 0).toBe(ok);
    if (!ok) expect(errors[0].field).toBe('pause.1');
  });
  it.each([
    ['9', false],
    ['10', true],
    ['604800', true],
    ['604801', false],
    ['', false],
    ['1h', false],
  ])('operation time-out %s valid: %s', (value, ok) => {
    const errors = validateRolloutForm({ ...defaultRolloutForm(), operationTimeoutSeconds: value });
    expect(errors.map((e) => e.field)).toEqual(ok ? [] : ['operationTimeoutSeconds']);
  });
  it.each([
    ['', true],
    ['  ', true],
    ['0', false],
    ['1', true],
    ['100', true],
    ['101', false],
    ['12.5', false],
  ])('error threshold %j valid: %s', (value, ok) => {
    const errors = validateRolloutForm({ ...defaultRolloutForm(), errorThresholdPercent: value });
    expect(errors.map((e) => e.field)).toEqual(ok ? [] : ['errorThresholdPercent']);
  });
  it('sends the time-out and the threshold only when one is set', () => {
    expect(toParameters(defaultRolloutForm())).toEqual({ batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [], operationTimeoutSeconds: 3600 });
    expect(toParameters({ ...defaultRolloutForm(), operationTimeoutSeconds: '120', errorThresholdPercent: ' 10 ' })).toMatchObject({ operationTimeoutSeconds: 120, errorThresholdPercent: 10 });
  });
  it('pause limits start at 100 and grow by 100', () => {
    expect([0, 1, 2].map(nextPauseLimit)).toEqual([100, 200, 300]);
  });
  it('parameters sort and merge pause limits', () => {
    expect(toParameters({ ...defaultRolloutForm(), batchSize: '5', batchGapSeconds: '30', automaticPauseLimits: ['300', '100', '300'] })).toEqual({
      batchSize: 5,
      batchGapSeconds: 30,
      automaticPauseLimits: [100, 300],
      operationTimeoutSeconds: 3600,
    });
  });
});

describe('planRollout', () => {
  const dev = (id: number, status: string, installed = false): ManagedObject => ({
    id: String(id),
    c8y_Availability: { status },
    adamos_adamos_netbox_SoftwarePackageList: installed ? [{ name: 'mdc', version: '2.0', status: 'installed' }] : [{ name: 'mdc', version: '1.0', status: 'installed' }],
  });
  it('counts batches, duration, offline and up-to-date targets', () => {
    const devices = Array.from({ length: 23 }, (_, i) => dev(i, i % 4 === 0 ? 'UNAVAILABLE' : 'AVAILABLE', i < 3));
    const plan = planRollout(devices, { batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [5, 23, 100] }, { name: 'mdc', version: '2.0' });
    expect(plan.batches).toBe(3);
    expect(plan.estimatedSeconds).toBe(120);
    expect(plan.firstBatch.map((d) => d.id)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(plan.offline).toBe(6);
    expect(plan.alreadyInstalled).toBe(3);
    // A limit counts failed devices: 23 of 23 failing reach it.
    expect(plan.pausesAt).toEqual([5, 23]);
  });
  it('no targets, no batches', () => {
    expect(planRollout([], { batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [] }).batches).toBe(0);
  });
  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(3930)).toBe('1 h 5 min 30 s');
    expect(formatDuration(120)).toBe('2 min');
  });
});
