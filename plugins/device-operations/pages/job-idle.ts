/**
 * Spec 4: while a server job runs, new actions are blocked. The device tabs' actions ask first
 * and say so (translated, as the lists' warning) instead of starting anything.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ONGOING_MESSAGE } from '@shared/ui/server-job-banner';
import { JobBlockedError, useServerJob } from '../common/server-job/hooks/use-server-job';
import type { TabAlertsApi } from './tab-alerts';

/** Resolves true when no server job runs; otherwise warns (or says why the check failed) and resolves false. */
export function useJobIdle(alerts: Pick<TabAlertsApi, 'warning' | 'fail'>): () => Promise<boolean> {
  const { t } = useTranslation();
  const { ensureIdle } = useServerJob();
  return useCallback(async () => {
    try {
      await ensureIdle();
      return true;
    } catch (e) {
      if (e instanceof JobBlockedError) alerts.warning(t(ONGOING_MESSAGE));
      else alerts.fail(e);
      return false;
    }
  }, [alerts, ensureIdle, t]);
}
