/** Alarms of one severity (and category) from the operation dashboard's list pages. */
import type { Alarm } from '@shared/platform/alarms';
import type { DashboardAlarmCategory, DashboardSeverity } from '@shared/platform/operation-dashboard';
import { useDashboardAlarms, useLiveAlarms } from '../api/alarms';
import { AlarmItems } from './alarm-items';
import { useScreenReady } from '@shared/plugin-api/screen-ready';
import { RealtimeStatus } from '@shared/ui/realtime-status';

export function DashboardAlarms({ severity, category }: { severity: DashboardSeverity; category?: DashboardAlarmCategory }) {
  const list = useDashboardAlarms(severity, category);
  useLiveAlarms(undefined);
  // The screen shows its data: the shell may load the plugins it deferred (a start at this route).
  useScreenReady(!list.isPending);
  // The microservice sends ids as {value}.
  const items: Alarm[] = (list.data?.pages.flatMap((p) => p.alarms) ?? []).map((a) => ({ ...a, id: a.id.value }) as Alarm);
  return (
    <>
      {/* The list follows the alarms live: while it cannot, it says so (empty, the row takes no room). */}
      <div className="d-flex j-c-end">
        <RealtimeStatus className="m-b-8" />
      </div>
      <div className="card" data-testid="dashboard-alarms">
        <AlarmItems items={items} list={list} busy={false} />
      </div>
    </>
  );
}
