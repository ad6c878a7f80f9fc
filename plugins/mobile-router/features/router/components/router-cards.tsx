import React, { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@shared/ui/card';
import { formatBytes, formatDateTime, signalStrength } from '@shared/domain/formats';
import { SIGNAL_INDICATOR_MAX, SIGNAL_INDICATOR_MIN } from '@shared/domain/constants';
import { isMonitoringActive, type DataUsagePeriod, type MobileRouter } from '../model/router';
import { deviceStateLabel, networkStateLabel, onlineStateLabel } from '../model/states';

const dash = (v: unknown): ReactNode => (v === undefined || v === null || v === '' ? '-' : String(v));
/** A load in percent: '-' when the router sent none (null read "null %"); any other value as sent, with its unit. */
const percent = (v: unknown): ReactNode => (v === undefined || v === null || v === '' ? '-' : `${String(v)} %`);

/**
 * Label and value rows. Not the theme's dl-horizontal: it cuts labels at 160 px ("Data usage last
 * 24 ho...") and lets a 19-digit ICCID run out of a third-width card. Labels take up to half the
 * card and wrap; values break anywhere rather than overflow.
 */
const ROWS_STYLE: React.CSSProperties = { display: 'grid', gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)', columnGap: 12, rowGap: 4, margin: 0 };
const LABEL_STYLE: React.CSSProperties = { whiteSpace: 'normal', overflowWrap: 'break-word', margin: 0 };
const VALUE_STYLE: React.CSSProperties = { overflowWrap: 'anywhere', minWidth: 0, margin: 0 };

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="router-rows" style={ROWS_STYLE}>
      {rows.map(([label, value]) => (
        <React.Fragment key={label}>
          <dt style={LABEL_STYLE}>{label}</dt>
          <dd style={VALUE_STYLE}>{value}</dd>
        </React.Fragment>
      ))}
    </dl>
  );
}

/**
 * Yes or No for a boolean; anything else as the router sent it: a text "false" read as Yes, beside
 * an action disabled with 'The router is not available.' (the rules compare the raw value).
 */
function Flag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== 'boolean') return <>{dash(value)}</>;
  return (
    // Only the icon is coloured: the platform's success green is too light for text (3.1:1 on white).
    <span>
      <i className={value ? 'dlt-c8y-icon-check-circle text-success' : 'dlt-c8y-icon-times-circle text-danger'} aria-hidden="true" /> {value ? t('Yes') : t('No')}
    </span>
  );
}

/**
 * Signal strength: none sent '-', 99 unknown, 0 'no antenna connected', else round((v+1)/32*100) % and the 0..4
 * bars. An indicator that is no number draws no bars (not four empty ones, labelled "NaN of 4").
 */
export function SignalStrength({ value, indicator }: { value: number | string | undefined; indicator: number | string | undefined }) {
  const { t } = useTranslation();
  const s = signalStrength(value);
  const level = indicator === undefined || indicator === null || indicator === '' ? NaN : Number(indicator);
  const bars = Math.min(SIGNAL_INDICATOR_MAX, Math.max(SIGNAL_INDICATOR_MIN, Math.round(level)));
  // Not sent at all (a router that has not reported yet): '-', as every other value it has not sent.
  const missing = value === undefined || value === null || value === '';
  const text = missing ? '-' : s.kind === 'unknown' ? t('unknown') : s.kind === 'noAntenna' ? t('no antenna connected') : `${s.percent} %`;
  return (
    <span data-testid="signal-strength">
      {text}
      {Number.isFinite(level) && (
        <span className="m-l-8" role="img" aria-label={t('Signal indicator {{bars}} of {{max}}', { bars, max: SIGNAL_INDICATOR_MAX })}>
          {Array.from({ length: SIGNAL_INDICATOR_MAX }, (_, i) => (
            <span key={i} aria-hidden="true" className={i < bars ? 'text-success' : 'text-muted'}>
              ▮
            </span>
          ))}
        </span>
      )}
    </span>
  );
}

/** A state value by its label; a value the spec does not list as the router sent it. The raw value stays in data-state. */
function State({ value, label, 'data-testid': testId }: { value: string | undefined; label: string | undefined; 'data-testid': string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId} data-state={value}>
      {label ? t(label) : dash(value)}
    </span>
  );
}

/** Received and sent, each kept on one line ('↑ 220' and 'MB' wrapped apart in a narrow card). */
const usage = (p: DataUsagePeriod | undefined, locale: string) => (
  <>
    <span className="text-nowrap">↓ {formatBytes(p?.BytesReceived, locale)}</span> / <span className="text-nowrap">↑ {formatBytes(p?.BytesSent, locale)}</span>
  </>
);

/**
 * The router's monitoring period (Attributes.Monitoring): active until its end, or when the last
 * one ended; the 'Monitoring active' button alone never said until when.
 */
export function MonitoringPeriod({ router, now }: { router: MobileRouter; now: number }) {
  const { t } = useTranslation();
  const end = formatDateTime(router.Attributes?.Monitoring?.EndAt);
  const text = isMonitoringActive(router, now)
    ? t('Active until {{end}}', { end })
    : end && router.Attributes?.Monitoring?.StartedAt
      ? t('Not active (last period {{start}} to {{end}})', { start: formatDateTime(router.Attributes.Monitoring.StartedAt), end })
      : t('Not active');
  return <span data-testid="router-monitoring">{text}</span>;
}

/** `now`: the clock the tab's monitoring and outdated rules use. */
export function MobileRouterCard({ router, now = Date.now() }: { router: MobileRouter; now?: number }) {
  const { t } = useTranslation();
  const a = router.DeviceAvailability ?? {};
  const n = router.NetworkStatus ?? {};
  return (
    <Card title={t('Mobile router')} data-testid="card-mobile-router">
      <Rows
        rows={[
          [t('Name'), dash(router.name)],
          [t('Online state'), <State key="o" value={n.OnlineState} label={onlineStateLabel(n.OnlineState)} data-testid="online-state" />],
          [t('Device state'), <State key="s" value={a.DeviceState} label={deviceStateLabel(a.DeviceState)} data-testid="device-state" />],
          [t('Available'), <Flag key="a" value={a.Available} />],
          [t('Enabled'), <Flag key="e" value={a.Enabled} />],
          [t('Internet access'), <Flag key="i" value={a.InternetAccess} />],
          [t('Error'), dash(a.Error)],
          [t('Monitoring'), <MonitoringPeriod key="m" router={router} now={now} />],
          [t('Last updated'), dash(formatDateTime(router.lastUpdated))],
        ]}
      />
    </Card>
  );
}

export function NetworkStatusCard({ router }: { router: MobileRouter }) {
  const { t } = useTranslation();
  const n = router.NetworkStatus ?? {};
  return (
    <Card title={t('Mobile network status')} data-testid="card-network-status">
      <Rows
        rows={[
          [t('Network state'), <State key="n" value={n.NetworkState} label={networkStateLabel(n.NetworkState)} data-testid="network-state" />],
          [t('Provider'), dash(n.ProviderName)],
          [t('Used network'), dash(n.UsedNetwork)],
          [t('Signal strength'), <SignalStrength key="s" value={n.SignalStrength} indicator={n.SignalIndicator} />],
          ['RSRP', dash(n.RSRP)],
          ['RSRQ', dash(n.RSRQ)],
          ['RSSI', dash(n.RSSI)],
          ['RSCP', dash(n.RSCP)],
          ['EC/N0', dash(n.ECNO)],
          [t('Location'), dash(n.Location)],
          ['ICCID', dash(n.ICCID)],
          ['IMEI', dash(n.IMEI)],
          ['APN', dash(n.APN)],
          [t('Cell ID'), dash(n.CellID)],
        ]}
      />
    </Card>
  );
}

export function DeviceInformationCard({ router }: { router: MobileRouter }) {
  const { t, i18n } = useTranslation();
  const d = router.DeviceInformation ?? {};
  const profile = d.Profile;
  return (
    <Card title={t('Device information')} data-testid="card-device-information">
      <Rows
        rows={[
          [t('Serial'), dash(d.Serial)],
          [t('IP address'), dash(d.IPAddress)],
          [t('WAN IP address'), dash(d.WANIPAddress)],
          [t('MAC address'), dash(d.MACAddress)],
          [t('Firmware'), <span key="f" data-testid="router-firmware">{dash(d.Firmware)}</span>],
          [
            t('Configuration'),
            <span key="p" data-testid="router-profile">
              {profile?.Name ? `${profile.Name}${profile.Version ? ` (${profile.Version})` : ''}` : '-'}
              {profile?.Modified ? ` · ${t('modified')}` : ''}
            </span>,
          ],
          [t('CPU load'), percent(d.CPULoad)],
          [t('RAM utilization'), percent(d.RAMUtilization)],
          [t('Uptime'), dash(d.UpTime)],
          [t('Data usage since online'), usage(d.DataUsage?.SinceOnline, i18n.language)],
          [t('Data usage last 24 hours'), usage(d.DataUsage?.Last24Hours, i18n.language)],
          [t('Data usage last 30 days'), usage(d.DataUsage?.Last30Days, i18n.language)],
        ]}
      />
    </Card>
  );
}
