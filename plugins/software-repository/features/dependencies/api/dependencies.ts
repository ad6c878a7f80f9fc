/** The dependency write of the Dependency modal. */
import { updateDependencies, type SoftwareDependency, type SoftwarePackage } from '@shared/platform/create-software-ng';
import { SOFTWARE_TYPE } from '@shared/domain/constants';

/** PUT /dependencies with the package and its complete new list; answers the updated package. */
export const saveDependencies = (pkg: SoftwarePackage, dependencies: SoftwareDependency[]) =>
  updateDependencies({
    managedObject: { id: String(pkg.id), name: pkg.name, type: pkg.type ?? SOFTWARE_TYPE, version: pkg.version },
    dependencies,
  });
