import { deviceStateLabel, networkStateLabel, onlineStateLabel } from './states';

/** Value sent -> label shown; undefined: not in the spec's list, shown as sent. */
const DEVICE_STATES: Record<string, string | undefined> = {
  unknown: 'Unknown',
  unavailable: 'Unavailable',
  running: 'Running',
  restarting: 'Restarting',
  'downloading firmware': 'Downloading firmware',
  'uploading firmware': 'Uploading firmware',
  'verifying firmware': 'Verifying firmware',
  'applying firmware': 'Applying firmware',
  'downloading profile': 'Downloading profile',
  'uploading profile': 'Uploading profile',
  'verifying profile': 'Verifying profile',
  'applying profile': 'Applying profile',
  executing_provisioning: 'Executing provisioning',
  waiting_provisioning_credentials: 'Waiting for provisioning credentials',
  applying_profile: 'Applying profile',
  ' Running ': 'Running',
  rebooting: undefined,
  '': undefined,
  constructor: undefined,
};

const ONLINE_STATES: Record<string, string | undefined> = {
  online: 'Online',
  offline: 'Offline',
  'logging in': 'Logging in',
  logging_in: 'Logging in',
  unknown: 'Unknown',
  roaming: undefined,
};

const NETWORK_STATES: Record<string, string | undefined> = {
  'registered (home)': 'Registered (home)',
  'registered (roaming)': 'Registered (roaming)',
  searching: 'Searching',
  'not registered': 'Not registered',
  'registration denied': 'Registration denied',
  unknown: 'Unknown',
  'limited service': undefined,
};

const labelsOf = (values: Record<string, unknown>, label: (v: string) => string | undefined) => Object.fromEntries(Object.keys(values).map((v) => [v, label(v)]));

describe('router state labels', () => {
  it('labels every DeviceState the spec lists, whether spelled with spaces or underscores', () => {
    expect(labelsOf(DEVICE_STATES, deviceStateLabel)).toEqual(DEVICE_STATES);
  });

  it('labels every OnlineState the spec lists', () => {
    expect(labelsOf(ONLINE_STATES, onlineStateLabel)).toEqual(ONLINE_STATES);
  });

  it("labels the modem's registration states (NetworkState)", () => {
    expect(labelsOf(NETWORK_STATES, networkStateLabel)).toEqual(NETWORK_STATES);
  });

  it('has no label for a missing value', () => {
    expect([deviceStateLabel(undefined), onlineStateLabel(undefined), networkStateLabel(undefined)]).toEqual([undefined, undefined, undefined]);
  });
});
