import { PRODUCT, type Device } from '@shared/plugin-api/types';

/** The agent version the way the device reports it: c8y_Agent, else the AGENT package of the list. */
export function agentVersion(device: Device): string | undefined {
  const agent = device.c8y_Agent as { version?: unknown } | undefined;
  if (typeof agent?.version === 'string' && agent.version) return agent.version;
  const list = device[`${PRODUCT}_adamos_netbox_SoftwarePackageList`];
  if (!Array.isArray(list)) return undefined;
  const pkg = (list as { type?: string; version?: unknown }[]).find((p) => p?.type === 'AGENT');
  return typeof pkg?.version === 'string' ? pkg.version : undefined;
}
