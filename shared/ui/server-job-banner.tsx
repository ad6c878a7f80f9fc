import { msg } from '../plugin-api/i18n';
import { useSharedTranslation } from './i18n';

/** Spec 1, section 4 and spec 2: the banner's text, and the refusal of an action started meanwhile. */
export const ONGOING_MESSAGE = msg('An operation is currently ongoing - please try again later.');

/** Said when the newest job status could not be read: no banner would read as "no job runs". */
export const STATUS_UNREAD = msg('Whether an operation is running on the server could not be read:');

/**
 * Shown while a server-side job runs; new actions are blocked meanwhile (spec 4). When the status
 * could not be read (`error`, and no job known to run), it says so instead of showing nothing.
 */
export function ServerJobBanner({ ongoing, error }: { ongoing: boolean; error?: Error | null }) {
  const t = useSharedTranslation();
  if (!ongoing && error) {
    return (
      <div className="alert alert-warning" role="alert" data-testid="server-job-unread">
        {t(STATUS_UNREAD)} {error.message}
      </div>
    );
  }
  if (!ongoing) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="server-job-banner">
      <i className="dlt-c8y-icon-hourglass m-r-8" aria-hidden="true" />
      {t(ONGOING_MESSAGE)}
    </div>
  );
}
