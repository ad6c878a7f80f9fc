/** Software monitor: dependency, approval, wo-assignements (count + trend) and recovered views. */
import React from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { Icon } from '@shared/ui/icon';
import type { SoftwareMonitoringStats } from '@shared/platform/operation-dashboard';
import { useRecovered, useSoftwareMonitoring } from '../api/dashboard';
import { daysOf, viewOf } from '../model/config';
import { trendDirection } from '../model/figures';
import { SOFTWARE_MONITOR_LIST, SOFTWARE_MONITOR_VIEWS, TREND_FIELD, deviceListLink, viewNames, type SoftwareMonitorView } from '../model/views';
import { FIGURE_CELL_STYLE, FIGURE_ROW_STYLE, FigureLink, WidgetState } from './widget-state';

type CountView = Exclude<SoftwareMonitorView, 'recovered'>;

const FIELDS: Record<CountView, { count: keyof SoftwareMonitoringStats; trend: keyof SoftwareMonitoringStats }> = {
  dependency: { count: 'devicesWaitingForDependencies', trend: 'TrendWFD' },
  approval: { count: 'devicesWaitingForApproval', trend: 'TrendWFA' },
  'wo-assignements': { count: 'devicesWithoutSoftwareAssignment', trend: 'TrendWSA' },
};

const TREND_TEXT = { up: 'rising', down: 'falling', right: 'unchanged' } as const;
/**
 * The arrows' icon names written out: the dev shell's stylesheet keeps an icon only when its name
 * is a word of the sources (scripts/platform-style-purge.cjs), and `long-arrow-${dir}` left
 * 'unchanged' (long-arrow-right) without its glyph, an empty space beside the count.
 */
const TREND_ICON = { up: 'long-arrow-up', down: 'long-arrow-down', right: 'long-arrow-right' } as const;

function CountFigure({ view, stats, days }: { view: CountView; stats: SoftwareMonitoringStats; days: number }) {
  const { t } = useTranslation();
  const dir = trendDirection(stats[FIELDS[view].trend]);
  return (
    <div className="text-center">
      <FigureLink to={deviceListLink(SOFTWARE_MONITOR_LIST[view])} className="h1 m-0" label={t(SOFTWARE_MONITOR_VIEWS[view])} testId="figure-count">
        {stats[FIELDS[view].count]}
      </FigureLink>{' '}
      <span data-testid="trend" data-trend={dir}>
        <Icon name={TREND_ICON[dir]} className="icon-2x" title={t('Trend over {{days}} days: {{trend}}', { days, trend: t(TREND_TEXT[dir]) })} />
      </span>
      <p className="text-muted">{t(SOFTWARE_MONITOR_VIEWS[view])}</p>
    </div>
  );
}

const RECOVERED = [
  { field: 'thisMonth', label: 'this month', view: 'recoveredThisMonth' },
  { field: 'thisYear', label: 'this year', view: 'recoveredThisYear' },
  { field: 'total', label: 'Total', view: 'recoveredTotal' },
] as const;

export default function SoftwareMonitorWidget({ widget }: { widget?: WidgetInstanceProps }) {
  const { t } = useTranslation();
  const config = widget?.config ?? {};
  const view = viewOf(config, viewNames(SOFTWARE_MONITOR_VIEWS)) ?? 'dependency';
  const field = TREND_FIELD[view];
  const days = daysOf(field ? config[field] : undefined);
  const isRecovered = view === 'recovered';
  const stats = useSoftwareMonitoring(days, !isRecovered);
  const recovered = useRecovered(isRecovered);
  return (
    <div data-testid="widget-software-monitor" data-view={view}>
      {isRecovered ? (
        <WidgetState queries={[recovered]}>
          {() => (
            // Wraps rather than running the three figures together in a quarter-width widget.
            <div className="text-center" style={FIGURE_ROW_STYLE} data-testid="recovered-figures">
              {RECOVERED.map((r) => (
                <div key={r.field} style={FIGURE_CELL_STYLE}>
                  <FigureLink to={deviceListLink(r.view)} className="h2 d-block m-0" label={t(r.label)} testId={`figure-${r.view}`}>
                    {recovered.data![r.field]}
                  </FigureLink>
                  <small className="text-muted">{t(r.label)}</small>
                </div>
              ))}
            </div>
          )}
        </WidgetState>
      ) : (
        <WidgetState queries={[stats]}>{() => <CountFigure view={view as CountView} stats={stats.data!} days={days} />}</WidgetState>
      )}
    </div>
  );
}
