/** A group page's group that could not be read; one that does not exist is said so, and the Groups tree drops it. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlatformError } from '@shared/platform/fetch-client';
import { announceGroupsChanged } from '@shared/plugin-api/groups-changed';

export function GroupError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const gone = isPlatformError(error) && error.status === 404;
  // Another user deleted it while the Groups tree listed it: the tree reads its open levels again.
  useEffect(() => {
    if (gone) announceGroupsChanged();
  }, [gone]);
  return (
    <div className="alert alert-danger" role="alert" data-testid="group-error">
      {gone ? t('This group does not exist; another user may have deleted it.') : t('The group could not be loaded: {{message}}', { message: error.message })}
    </div>
  );
}
