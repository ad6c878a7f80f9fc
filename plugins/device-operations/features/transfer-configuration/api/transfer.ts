import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { createSoftwareAssignment } from '@shared/platform/create-software-ng';
import { listManagedObjects } from '@shared/platform/inventory';
import { categoryOf } from '@shared/platform/software-choices';
import { SHORT_LIST_PAGE_SIZE } from '@shared/domain/constants';
import { and, buildQuery, contains, eq } from '@shared/platform/query-language';
import { answerCounters, sumCounters, type AssignCounters } from '@shared/ui/server-job';
import type { TransferablePackage } from '../logic/transfer';

export const transferKeys = {
  targets: (type: string, search: string) => ['device-operations', 'transfer', 'targets', type, search] as const,
};

export const targetsQuery = (type: string, search: string) =>
  queryOptions({
    queryKey: transferKeys.targets(type, search),
    queryFn: async () => (await listManagedObjects({ query: buildQuery(and(eq('type', type), search.trim() ? contains('name', search.trim()) : undefined), [{ field: 'name', direction: 'asc' }]), pageSize: SHORT_LIST_PAGE_SIZE })).items,
    placeholderData: keepPreviousData,
  });
export const useTransferTargets = (type: string, search: string) => useQuery(targetsQuery(type, search));

/** One assignment per package to the target device; their counters added up. */
export async function transfer(targetId: string, packages: readonly TransferablePackage[]): Promise<AssignCounters> {
  const results: AssignCounters[] = [];
  for (const p of packages) {
    const answer = await createSoftwareAssignment({
      devices: [targetId],
      forceInstallation: false,
      description: `Transfer configuration: ${p.name} ${p.version}`,
      netbox_RegisterSoftwarePackage: {
        name: p.name,
        version: p.version,
        repository_id: String(p.repository_id),
        url: p.url ?? '',
        category: categoryOf(p.category),
        installation_requires_approval: p.installation_requires_approval === true,
        c8y_encryptionKey: p.c8y_encryptionKey,
      },
    });
    results.push(answerCounters(answer, 1));
  }
  return sumCounters(results);
}
