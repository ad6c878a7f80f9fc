/**
 * Alarm lists per severity with counters, the "unresolved" toggle, clear all and per-alarm
 * acknowledge / clear (the alarm leaves the list at once, then the status message).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ALARM_SEVERITIES, type Alarm, type AlarmSeverity, type AlarmStatus } from '@shared/platform/alarms';
import type { Paged } from '@shared/platform/fetch-client';
import { can, usePlatformContext } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import { focusFellToPage } from '@shared/ui/keep-focus';
import { SEVERITY_WORD, STATUS_ALREADY, STATUS_CHANGED, statusesFor, unresolvedOf, withUnresolved, type SeverityParam } from '../logic/alarms';
import { alarmKeys, clearAll, setAlarmStatus, useAlarmCount, useAlarmList, useLiveAlarms, useNothingToClear, type AlarmListFilter } from '../api/alarms';
import { formatCount } from '@shared/domain/formats';
import { AlarmItems } from './alarm-items';
import { useScreenReady } from '@shared/plugin-api/screen-ready';
import { RealtimeStatus } from '@shared/ui/realtime-status';

export interface AlarmsViewProps {
  /** Device id; every device's alarms when absent. */
  source?: string;
  /** Only these severities (the /alarmDetails page narrows to one). */
  severities?: readonly AlarmSeverity[];
  alerts: { success(text: string): void; info(text: string): void; fail(error: unknown): void };
  confirm: (message: string) => Promise<boolean>;
}

const SEVERITY_CLASS: Record<AlarmSeverity, string> = { CRITICAL: 'danger', MAJOR: 'warning', MINOR: 'info', WARNING: 'default' };

function SeverityList({
  filter,
  busy,
  onStatus,
  smartRule,
}: {
  filter: AlarmListFilter;
  busy: boolean;
  /** Absent when the user may not change alarms: the items show no acknowledge / clear. */
  onStatus?: (a: Alarm, s: AlarmStatus) => void;
  smartRule?: (a: Alarm) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const list = useAlarmList(filter);
  // The screen shows its data: the shell may load the plugins it deferred (a start at this route).
  useScreenReady(!list.isPending);
  const count = useAlarmCount(filter);
  const countError = count.isError ? `${t('The alarm count could not be loaded:')} ${count.error.message}` : undefined;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="card" data-testid={`alarms-${filter.severity}`}>
      <div className="card-header separator">
        <h4 className="card-title">
          <span className={`label label-${SEVERITY_CLASS[filter.severity]}`}>{t(filter.severity)}</span>{' '}
          {/* A failed count is said (on hover and to screen readers), not shown as a blank badge. */}
          <span className="badge" data-testid="alarm-counter" title={countError}>
            {countError ? (
              <>
                ! <span className="sr-only">{countError}</span>
              </>
            ) : (
              (count.data === undefined ? '' : formatCount(count.data, i18n.language))
            )}
          </span>
        </h4>
      </div>
      <AlarmItems items={items} list={list} busy={busy} onStatus={onStatus} smartRule={smartRule} />
    </div>
  );
}

/** Whether a list of that query key no longer holds an alarm now in `status` on the server. */
const leftFilter = (key: readonly unknown[], status: AlarmStatus): boolean => {
  const filter = key[alarmKeys.lists().length] as AlarmListFilter | undefined;
  return !!filter?.statuses && !filter.statuses.includes(status);
};

const usable = (el: HTMLElement | null | undefined): el is HTMLElement =>
  !!el && el.isConnected && !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true';

/**
 * Where focus goes when an alarm leaves its list: the same action of the alarm that takes its
 * place (the next one, else the one before), else that alarm's first control.
 */
function neighbourAction(root: HTMLElement | null, alarmId: string, status: AlarmStatus): HTMLElement | null {
  const items = Array.from(root?.querySelectorAll<HTMLElement>('[data-testid="alarm-item"]') ?? []);
  const item = items.find((li) => li.dataset.alarmId === alarmId);
  const next = (item?.nextElementSibling ?? item?.previousElementSibling) as HTMLElement | null | undefined;
  return next?.querySelector<HTMLElement>(`[data-status-action="${status}"]`) ?? next?.querySelector<HTMLElement>('button') ?? null;
}

export function AlarmsView({ source, severities = ALARM_SEVERITIES, alerts, confirm }: AlarmsViewProps) {
  const { t } = useTranslation();
  const ctx = usePlatformContext();
  const queryClient = useQueryClient();
  // The toggle lives in the address (?unresolved=false when off), as the device lists' filters do:
  // back on the page (Back, a bookmark, a reload) the list shows what the user chose.
  const unresolved = unresolvedOf(ctx.query);
  const setUnresolved = (on: boolean) => ctx.navigate(withUnresolved(ctx.path, ctx.query, on));
  const [busy, setBusy] = useState(false);
  // A change takes its control away (the alarm leaves the list; Clear all has nothing left to
  // clear) and disables the others while it runs, so keyboard focus falls to the page: once the
  // change is done it goes to the nearest next action, Reload when there is none.
  const root = useRef<HTMLDivElement>(null);
  const reloadButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<HTMLElement | null>(null);
  // Counts finished changes: the effect runs once the screen shows the change's end.
  const [done, setDone] = useState(0);
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target && focusFellToPage()) (usable(target) ? target : reloadButton.current)?.focus();
  }, [done]);
  const statuses = statusesFor(unresolved);
  const canCreateRule = can(ctx.user, REQUIRES.smartRuleCreate);
  // Acknowledge / clear on every item: hidden rather than hundreds of disabled buttons.
  const mayChange = can(ctx.user, REQUIRES.alarmUpdate);
  // Nothing unresolved: Clear all would report a change that did not happen.
  const nothingToClear = useNothingToClear(source, severities);
  // A new alarm appears, one cleared elsewhere leaves, without a Reload.
  useLiveAlarms(source);

  const changeStatus = async (alarm: Alarm, status: AlarmStatus) => {
    focusAfter.current = neighbourAction(root.current, alarm.id, status) ?? reloadButton.current;
    // The alarm leaves every list at once; the server answer only confirms it.
    queryClient.setQueriesData<InfiniteData<Paged<Alarm>>>({ queryKey: alarmKeys.lists() }, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((a) => a.id !== alarm.id) })) } : data,
    );
    setBusy(true);
    try {
      const already = await setAlarmStatus(alarm.id, status);
      if (already) {
        // Changed by someone else since the list was read: said, and every list read again.
        alerts.info(t(STATUS_ALREADY, { status: t(already) }));
        void queryClient.invalidateQueries({ queryKey: alarmKeys.lists() });
      } else {
        alerts.success(t(STATUS_CHANGED, { status: t(status) }));
        // A list whose filter the alarm has now left has its later server pages moved up by one:
        // read it again, or "Load more" would skip the alarm that moved onto the loaded page.
        void queryClient.invalidateQueries({ queryKey: alarmKeys.lists(), predicate: (q) => leftFilter(q.queryKey, status) });
      }
    } catch (e) {
      alerts.fail(e);
      void queryClient.invalidateQueries({ queryKey: alarmKeys.lists() });
    } finally {
      setBusy(false);
      setDone((n) => n + 1);
      void queryClient.invalidateQueries({ queryKey: alarmKeys.counts() });
    }
  };

  const clear = async () => {
    // Only what the page shows: a page of one severity clears that severity's alarms.
    const question = severities.length === 1 ? t('Clear all {{severity}} alarms?', { severity: t(SEVERITY_WORD[severities[0].toLowerCase() as SeverityParam]) }) : t('Clear all alarms?');
    if (!(await confirm(question))) return;
    setBusy(true);
    try {
      await clearAll(source, severities);
      // Nothing is left to clear: Clear all is disabled from now on.
      focusAfter.current = reloadButton.current;
      await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
      alerts.success(t(STATUS_CHANGED, { status: t('CLEARED') }));
    } catch (e) {
      focusAfter.current ??= root.current?.querySelector<HTMLElement>('[data-testid="alarms-clear-all"]') ?? reloadButton.current;
      alerts.fail(e);
    } finally {
      setBusy(false);
      setDone((n) => n + 1);
    }
  };

  // The lists keep their rows while they are read again: the icon says the Reload is running.
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    } finally {
      setReloading(false);
    }
  };

  const smartRule = canCreateRule
    ? (alarm: Alarm) => (
        <a className="btn btn-link btn-xs" href={`/apps/cockpit/index.html#/rules?alarmType=${encodeURIComponent(alarm.type)}`} title={t('Create smart rule')}>
          <i className="dlt-c8y-icon-plus-circle" /> {t('Create smart rule')}
        </a>
      )
    : undefined;

  return (
    <div className="content-fullpage" data-testid="alarms-view" ref={root}>
      <div className="action-bar" style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', alignItems: 'center', marginBottom: 12 }}>
        <RealtimeStatus />
        {/* Its label never shrinks (the switch clips it): a long realtime warning beside it wraps instead. */}
        <label className="c8y-switch" style={{ margin: '0 8px', flexShrink: 0 }}>
          <input type="checkbox" checked={unresolved} onChange={() => setUnresolved(!unresolved)} data-testid="unresolved-toggle" />
          <span /> {t('Show only unresolved')}
        </label>
        <PermittedButton
          requires={REQUIRES.alarmUpdate}
          className="btn btn-default"
          disabled={busy || nothingToClear}
          data-testid="alarms-clear-all"
          title={nothingToClear ? t('There are no unresolved alarms to clear.') : undefined}
          onClick={() => void clear()}
        >
          {t('Clear all')}
        </PermittedButton>
        <button type="button" className="btn btn-default" ref={reloadButton} onClick={() => void reload()} aria-busy={reloading || undefined}>
          <i className={reloading ? 'dlt-c8y-icon-refresh icon-spin' : 'dlt-c8y-icon-refresh'} /> {t('Reload')}
        </button>
      </div>
      {severities.map((severity) => (
        <SeverityList key={severity} filter={{ source, severity, statuses }} busy={busy} onStatus={mayChange ? (a, s) => void changeStatus(a, s) : undefined} smartRule={smartRule} />
      ))}
    </div>
  );
}
