import { useTranslation } from 'react-i18next';
import { countValues } from '@shared/domain/formats';
import type { ManagedObject } from '@shared/platform/inventory';
import { progressOf, runningKinds } from '@shared/ui/server-job';

/**
 * A running assignment's progress under the banner, from the newest status object, for a tab that
 * did not start it (another tab, another user; the starting tab has its overlay): spec 1, 4
 * "Operation is running on the server (done/total)". Clear pending and initialize tell no total.
 */
export function JobProgress({ status }: { status: ManagedObject | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!status || !runningKinds(status).includes('assign')) return null;
  const progress = progressOf('assign', status, 0);
  if (progress.total <= 0) return null;
  return (
    <div className="small p-b-8" role="status" data-testid="server-job-progress">
      {t('Operation is running on the server ({{done}}/{{total}})', countValues(progress, i18n.language))}
    </div>
  );
}
