import { useTranslation } from 'react-i18next';

export const ONGOING_MESSAGE = 'An operation is currently ongoing - please try again later.';

/** Shown while a server-side job runs; new actions are blocked meanwhile (spec 4). */
export function ServerJobBanner({ ongoing }: { ongoing: boolean }) {
  const { t } = useTranslation();
  if (!ongoing) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="server-job-banner">
      <i className="dlt-c8y-icon-hourglass m-r-8" aria-hidden="true" />
      {t(ONGOING_MESSAGE)}
    </div>
  );
}
