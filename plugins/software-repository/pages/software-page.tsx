import React, { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { listSoftwarePackages, type SoftwarePackage } from '@shared/platform/create-software-ng';
import { REQUIRES } from '@shared/plugin-api/roles';
import { SoftwareRepository } from '../features/repository/components/software-repository';
import { packageKeys } from '../features/repository/api/packages';
import { DependencyModal } from '../features/dependencies/components/dependency-modal';
import { DependencyGraph } from '../features/dependencies/components/dependency-graph';

type Open = { kind: 'edit' | 'graph'; pkg: SoftwarePackage; all: readonly SoftwarePackage[] } | null;

/** The Software repository route: the repository feature with the dependency modal and graph composed in. */
export default function SoftwarePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const cardMenu = useMemo(
    () => [
      { label: t('Edit dependencies'), testId: 'edit-dependencies', requires: REQUIRES.softwarePackageWrite, onSelect: (pkg: SoftwarePackage, all: readonly SoftwarePackage[]) => setOpen({ kind: 'edit', pkg, all }) },
      { label: t('Dependency graph'), testId: 'dependency-graph', onSelect: (pkg: SoftwarePackage, all: readonly SoftwarePackage[]) => setOpen({ kind: 'graph', pkg, all }) },
    ],
    [t],
  );
  // The dependency modal checks against the current packages of the edited one's type, not the page's cache.
  const deviceType = open?.kind === 'edit' ? open.pkg.deviceType : undefined;
  const loadCurrent = useCallback(() => listSoftwarePackages({ deviceType }), [deviceType]);
  return (
    <>
      <SoftwareRepository cardMenu={cardMenu} />
      {open?.kind === 'edit' && (
        <DependencyModal
          pkg={open.pkg}
          packages={open.all}
          loadPackages={loadCurrent}
          onClose={() => setOpen(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: packageKeys.all })}
        />
      )}
      {open?.kind === 'graph' && <DependencyGraph pkg={open.pkg} packages={open.all} onClose={() => setOpen(null)} />}
    </>
  );
}
