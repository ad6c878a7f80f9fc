/** A days-ago chart's figures as a table for screen readers (the chart itself is one image). */
import React from 'react';
import { useTranslation } from 'react-i18next';
import { daysAgoHeading } from '../model/figures';

export interface ChartTableSeries {
  name: string;
  /** One value per day of `days`, oldest first (the chart's order). */
  values: readonly number[];
  /** Said after each value (' h' for hours). */
  unit?: string;
}

/**
 * The chart's text alternative: its short label names the table, and the table, visually hidden,
 * gives each day in words ('3 days ago', German 'vor 3 Tagen', as the tooltip says it) with its
 * values, newest day first. A list of 60 bare figures in an aria-label said no day, and a total per
 * series said none of the days.
 */
export function ChartTable({ caption, days, series, testId }: { caption: string; days: readonly number[]; series: readonly ChartTableSeries[]; testId: string }) {
  const { t } = useTranslation();
  const heading = daysAgoHeading(t);
  const rows = days.map((day, i) => ({ day, i })).reverse();
  // Hidden by a wrapper: a table does not keep the 1 px height sr-only gives it (tables grow to
  // their rows), so its 60 rows, one letter wide, made the card scroll some 3,000 px of nothing.
  return (
    <div className="sr-only">
      <table data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Day')}</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ day, i }) => (
            <tr key={day}>
              <th scope="row">{heading(String(day))}</th>
              {series.map((s) => (
                <td key={s.name}>{s.values[i] === undefined ? '' : `${s.values[i]}${s.unit ?? ''}`}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The chart's short label: what it shows, over how many days, and that the table has the figures. */
export function useChartLabel(): (name: string, count: number) => string {
  const { t } = useTranslation();
  return (name, count) => t('{{name}} per day, last {{count}} days; the figures of each day are in the table that follows', { name, count });
}
