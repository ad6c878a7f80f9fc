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
import { categoryOf } from '@shared/platform/software-choices';
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
      category: categoryOf(sw.category),
      installation_requires_approval: sw.installation_requires_approval === true,
      c8y_encryptionKey: sw.c8y_encryptionKey,
    },
  });
}

export const fetchDevice = (id: string) => getManagedObject(id);

/** The identity type IoTconnectors register with (the microservice's default). */
export const SERIAL_EXTERNAL_ID_TYPE = 'c8y_Serial';

/** Hands the source IoTconnector's identity to the replacement, by their serial external ids. */
export async function finishReplacement(sourceId: string, targetId: string): Promise<void> {
  const serial = async (id: string) => (await listExternalIds(id)).find((e) => e.type === SERIAL_EXTERNAL_ID_TYPE)?.externalId;
  const [source, target] = await Promise.all([serial(sourceId), serial(targetId)]);
  if (!source || !target) throw new Error(`No ${SERIAL_EXTERNAL_ID_TYPE} external id`);
  await assignTargetDeviceToSourceDevice(source, target);
}
