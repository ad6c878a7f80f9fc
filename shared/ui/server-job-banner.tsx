import { msg } from '../plugin-api/i18n';
import { useSharedTranslation } from './i18n';

/** Spec 1, section 4 and spec 2: the banner's text, and the refusal of an action started meanwhile. */
export const ONGOING_MESSAGE = msg('An operation is currently ongoing - please try again later.');

/** Shown while a server-side job runs; new actions are blocked meanwhile (spec 4). */
export function ServerJobBanner({ ongoing }: { ongoing: boolean }) {
  const t = useSharedTranslation();
  if (!ongoing) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="server-job-banner">
      <i className="dlt-c8y-icon-hourglass m-r-8" aria-hidden="true" />
      {t(ONGOING_MESSAGE)}
    </div>
  );
}
