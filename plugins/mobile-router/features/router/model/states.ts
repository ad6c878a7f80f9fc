/**
 * Labels of the router's state values (spec 4 lists DeviceState and OnlineState as closed sets).
 * The raw values stay what the rules compare (canRun's 'running'); these are only what the cards show.
 */
import { msg } from '@shared/plugin-api/i18n';

/** Values read case-insensitively, '_' as a space: the spec spells 'executing_provisioning' but 'applying profile'. */
const normalise = (value: string) => value.trim().toLowerCase().replace(/_+/g, ' ');

/** Each label (an i18n key) stands for the value it spells; `others` for values it does not spell. */
const labels = (spelled: readonly string[], others: Record<string, string> = {}): ReadonlyMap<string, string> =>
  new Map([...spelled.map((l): [string, string] => [normalise(l), l]), ...Object.entries(others)]);

const DEVICE_STATES = labels(
  [
    ...[msg('Unknown'), msg('Unavailable'), msg('Running'), msg('Restarting'), msg('Executing provisioning')],
    ...[msg('Downloading firmware'), msg('Uploading firmware'), msg('Verifying firmware'), msg('Applying firmware')],
    ...[msg('Downloading profile'), msg('Uploading profile'), msg('Verifying profile'), msg('Applying profile')],
  ],
  { 'waiting provisioning credentials': msg('Waiting for provisioning credentials') },
);

const ONLINE_STATES = labels([msg('Online'), msg('Offline'), msg('Logging in'), msg('Unknown')]);

/**
 * NetworkState: the spec names the field only; these are the modem's registration states (3GPP
 * +CREG) as routers report them.
 */
const NETWORK_STATES = labels([msg('Registered (home)'), msg('Registered (roaming)'), msg('Searching'), msg('Not registered'), msg('Registration denied'), msg('Unknown')]);

const label = (states: ReadonlyMap<string, string>, value: string | undefined) => (value ? states.get(normalise(value)) : undefined);

/** The label (an i18n key) of a device state, undefined for a value the spec does not list (shown as sent). */
export const deviceStateLabel = (value: string | undefined) => label(DEVICE_STATES, value);

/** The label (an i18n key) of an online state, undefined for a value the spec does not list (shown as sent). */
export const onlineStateLabel = (value: string | undefined) => label(ONLINE_STATES, value);

/** The label (an i18n key) of a network registration state, undefined for another value (shown as sent). */
export const networkStateLabel = (value: string | undefined) => label(NETWORK_STATES, value);
