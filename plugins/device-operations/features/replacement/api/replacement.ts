/** Calls of the replacement flow (spec 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  assignTargetDeviceToSourceDevice,
  createSoftwareAssignment,
  getIotConnectorReplacementList,
  validateSoftware,
  type SoftwareObject,
} from '@shared/platform/create-software-ng';
import { listExternalIds } from '@shared/platform/identity';
import { getManagedObject } from '@shared/platform/inventory';
import { defaultAction, type ValidationRow } from '../logic/replacement';

export const replacementKeys = {
  candidates: () => ['device-operations', 'replacement', 'candidates'] as const,
};

export const candidatesQuery = () =>
  queryOptions({ queryKey: replacementKeys.candidates(), queryFn: async () => (await getIotConnectorReplacementList()).deviceList ?? [] });
export const useReplacementCandidates = () => useQuery(candidatesQuery());

/** One validation row per software of the source device, each with its default action. */
export async function validate(software: readonly { name: string; version: string }[]): Promise<ValidationRow[]> {
  return Promise.all(
    software.map(async ({ name, version }) => {
      const response = await validateSoftware({ name, version });
      return { name, version, response, action: defaultAction(response) };
    }),
  );
}

/** Assigns the chosen package to the replacement device (the agent then installs it). */
export function assign(targetId: string, sw: SoftwareObject) {
  return createSoftwareAssignment({
    devices: [targetId],
    forceInstallation: false,
    description: `Replacement: ${sw.name} ${sw.version}`,
    netbox_RegisterSoftwarePackage: {
      name: sw.name,
      version: sw.version,
      repository_id: String(sw.id ?? ''),
      url: String(sw.url ?? ''),
      category: typeof sw.category === 'string' ? sw.category : undefined,
      installation_requires_approval: sw.installation_requires_approval === true,
      c8y_encryptionKey: sw.c8y_encryptionKey,
    },
  });
}

export const fetchDevice = (id: string) => getManagedObject(id);

/** Hands the source IoTconnector's identity to the replacement (first external id of each). */
export async function finishReplacement(sourceId: string, targetId: string): Promise<void> {
  const [source, target] = await Promise.all([listExternalIds(sourceId), listExternalIds(targetId)]);
  if (!source[0] || !target[0]) throw new Error('external id missing');
  await assignTargetDeviceToSourceDevice(source[0].externalId, target[0].externalId);
}
