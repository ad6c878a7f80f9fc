import {
  PROFILE_GROUP_REQUIRED,
  PROFILE_NAME_NOT_UNIQUE,
  defaultRolloutConfig,
  isRolloutConfigValid,
  isValidPassword,
  nextPauseLimit,
  offerableGroups,
  validateProfileForm,
  validateRolloutConfig,
} from './validators';

describe('rollout configuration', () => {
  it('defaults to batch size 10, 60 s, no pause limits; pause limits start at 100 and grow by 100', () => {
    expect(defaultRolloutConfig()).toEqual({ batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [] });
    expect(nextPauseLimit([])).toBe(100);
    expect(nextPauseLimit([100])).toBe(200);
    expect(nextPauseLimit([100, 250])).toBe(300);
  });
  it.each([
    [{ batchSize: 1, batchGapSeconds: 1, automaticPauseLimits: [1, 50000] }, {}],
    [{ batchSize: 2000, batchGapSeconds: 600, automaticPauseLimits: [] }, {}],
    [{ batchSize: 0, batchGapSeconds: 60, automaticPauseLimits: [] }, { batchSize: { min: 1, max: 2000 } }],
    [{ batchSize: 2001, batchGapSeconds: 60, automaticPauseLimits: [] }, { batchSize: { min: 1, max: 2000 } }],
    [{ batchSize: 1.5, batchGapSeconds: 60, automaticPauseLimits: [] }, { batchSize: { min: 1, max: 2000 } }],
    [{ batchSize: 10, batchGapSeconds: 0, automaticPauseLimits: [] }, { batchGapSeconds: { min: 1, max: 600 } }],
    [{ batchSize: 10, batchGapSeconds: 601, automaticPauseLimits: [] }, { batchGapSeconds: { min: 1, max: 600 } }],
    [{ batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [100, 0, 50001] }, { automaticPauseLimits: { 1: { min: 1, max: 50000 }, 2: { min: 1, max: 50000 } } }],
  ])('%p', (config, errors) => {
    expect(validateRolloutConfig(config)).toEqual(errors);
    expect(isRolloutConfigValid(config)).toBe(Object.keys(errors).length === 0);
  });
});

describe('password', () => {
  it.each([
    ['12345678', true],
    ['a'.repeat(63), true],
    [' ~!"#$%&', true],
    ['1234567', false],
    ['a'.repeat(64), false],
    ['abcdefgh\u00e4', false],
    ['abc\tdefgh', false],
    [null, false],
  ])('%p valid: %p', (pw, ok) => {
    expect(isValidPassword(pw)).toBe(ok);
  });
});

describe('device profile form', () => {
  const r = { alreadyUsedProfileNames: ['Base'], alreadyAssignedGroups: ['g1'], deviceTypeWithDefaultProfile: ['adamos_NETbox'] };
  it.each([
    [{ name: 'New', deviceType: 'adamos_celosx', deviceGroup: null }, {}],
    [{ name: ' ', deviceType: '', deviceGroup: null }, { name: 'required', deviceType: 'required' }],
    [{ name: 'Base', deviceType: 'adamos_celosx', deviceGroup: null }, { name: PROFILE_NAME_NOT_UNIQUE }],
    [{ name: 'New', deviceType: 'ADAMOS_netbox', deviceGroup: null }, { deviceGroup: PROFILE_GROUP_REQUIRED }],
    [{ name: 'New', deviceType: 'adamos_NETbox', deviceGroup: '' }, { deviceGroup: PROFILE_GROUP_REQUIRED }],
    [{ name: 'New', deviceType: 'adamos_NETbox', deviceGroup: 'g2' }, {}],
  ])('%p', (form, errors) => {
    expect(validateProfileForm(form, r)).toEqual(errors);
  });
  it('offers groups not assigned elsewhere, keeping the current one', () => {
    const groups = [{ id: 'g1' }, { id: 'g2' }];
    expect(offerableGroups(groups, r)).toEqual([{ id: 'g2' }]);
    expect(offerableGroups(groups, r, 'g1')).toEqual(groups);
  });
});
