/** Alarms of one severity (and category) from the operation dashboard's list pages. */
import { useTranslation } from 'react-i18next';
import type { Alarm } from '@shared/platform/alarms';
import type { DashboardAlarmCategory, DashboardSeverity } from '@shared/platform/operation-dashboard';
import { useDashboardAlarms } from '../api/alarms';
import { AlarmItem } from './alarm-item';

export function DashboardAlarms({ severity, category }: { severity: DashboardSeverity; category?: DashboardAlarmCategory }) {
  const { t } = useTranslation();
  const list = useDashboardAlarms(severity, category);
  // The microservice sends ids as {value}.
  const items: Alarm[] = (list.data?.pages.flatMap((p) => p.alarms) ?? []).map((a) => ({ ...a, id: a.id.value }) as Alarm);
  return (
    <div className="card" data-testid="dashboard-alarms">
      <ul className="list-group" style={{ marginBottom: 0 }}>
        {items.map((a) => (
          <AlarmItem key={a.id} alarm={a} busy={false} />
        ))}
      </ul>
      {!list.isLoading && items.length === 0 && <p className="text-muted text-center" style={{ padding: 8 }}>{t('No alarms to display')}</p>}
      {list.error && <div className="alert alert-danger">{list.error.message}</div>}
      {list.hasNextPage && (
        <div className="card-footer text-center">
          <button type="button" className="btn btn-default btn-sm" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('Load more')}
          </button>
        </div>
      )}
    </div>
  );
}
