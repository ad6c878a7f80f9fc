/**
 * Labels of the router's state values (spec 4 lists them as closed sets). The raw values stay what
 * the rules compare (canRun's 'running'); these are only what the cards show.
 */
import { msg } from '@shared/plugin-api/i18n';

/** DeviceAvailability.DeviceState, keyed by the value with '_' read as a space. */
const DEVICE_STATES: ReadonlyMap<string, string> = new Map([
  ['unknown', msg('Unknown')],
  ['unavailable', msg('Unavailable')],
  ['running', msg('Running')],
  ['restarting', msg('Restarting')],
  ['downloading firmware', msg('Downloading firmware')],
  ['uploading firmware', msg('Uploading firmware')],
  ['verifying firmware', msg('Verifying firmware')],
  ['applying firmware', msg('Applying firmware')],
  ['downloading profile', msg('Downloading profile')],
  ['uploading profile', msg('Uploading profile')],
  ['verifying profile', msg('Verifying profile')],
  ['applying profile', msg('Applying profile')],
  ['executing provisioning', msg('Executing provisioning')],
  ['waiting provisioning credentials', msg('Waiting for provisioning credentials')],
]);

/** NetworkStatus.OnlineState. */
const ONLINE_STATES: ReadonlyMap<string, string> = new Map([
  ['online', msg('Online')],
  ['offline', msg('Offline')],
  ['logging in', msg('Logging in')],
  ['unknown', msg('Unknown')],
]);

/** The spec spells some values with '_' ('executing_provisioning'), others with spaces ('applying profile'). */
const normalise = (value: string) => value.trim().toLowerCase().replace(/_+/g, ' ');

const label = (states: ReadonlyMap<string, string>, value: string | undefined) => (value ? states.get(normalise(value)) : undefined);

/** The label (an i18n key) of a device state, undefined for a value the spec does not list. */
export const deviceStateLabel = (value: string | undefined) => label(DEVICE_STATES, value);

/** The label (an i18n key) of an online state, undefined for a value the spec does not list. */
export const onlineStateLabel = (value: string | undefined) => label(ONLINE_STATES, value);
