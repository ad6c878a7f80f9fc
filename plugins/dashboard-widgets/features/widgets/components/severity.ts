import { CHART_COLORS } from '@shared/ui/chart-format';

type Severity = 'critical' | 'major' | 'minor' | 'warning';

/** The platform's severity icons. */
export const SEVERITY_ICON: Record<Severity, string> = {
  critical: 'exclamation-circle',
  major: 'warning',
  minor: 'high-priority',
  warning: 'info-circle',
};

/** Section 9: critical red, major and minor orange, warning blue. */
export const severityColor = (severity: string): string => CHART_COLORS[(severity.toLowerCase() as Severity)] ?? CHART_COLORS.notMonitored;
export const severityIcon = (severity: string): string => SEVERITY_ICON[severity.toLowerCase() as Severity] ?? 'bell';
