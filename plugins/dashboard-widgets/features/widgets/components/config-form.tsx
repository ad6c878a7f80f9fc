/**
 * A widget's config form: 'View Selection' (required) and, where the view has one, the days
 * slider (7..60, step 1) with a number field beside it. Every change reports the config and
 * the validator's messages to the host, which disables Save while there are any.
 */
import React, { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { DAYS_DEFAULT, DAYS_MAX, DAYS_MIN, DAYS_STEP } from '@shared/domain/constants';
import { VIEW_REQUIRED, toDays, validateDays, viewOf, type WidgetConfig } from '../model/config';

export interface ConfigFormProps<V extends string> {
  widget?: WidgetInstanceProps;
  views: Record<V, string>;
  /** The config field the view's slider edits, or null when the view has none. */
  daysField: (view: V) => keyof WidgetConfig | null;
  /** Label of the slider. */
  daysLabel: string;
  validate: (config: Record<string, unknown>) => string[];
}

export function ConfigForm<V extends string>({ widget, views, daysField, daysLabel, validate }: ConfigFormProps<V>) {
  const { t } = useTranslation();
  const viewId = useId();
  const daysId = useId();
  const names = Object.keys(views) as V[];
  const [config, setConfig] = useState<Record<string, unknown>>(() => ({ ...(widget?.config ?? {}) }));
  const view = viewOf(config, names);
  const field = view ? daysField(view) : null;
  const daysValue = field ? config[field] : undefined;
  const daysMessage = field ? validateDays(daysValue) : null;
  // The host's callback and the validator may be new objects per render; only the config decides when to report.
  const report = useRef({ onConfigChange: widget?.onConfigChange, validate });
  report.current = { onConfigChange: widget?.onConfigChange, validate };

  useEffect(() => {
    report.current.onConfigChange?.(config, report.current.validate(config));
  }, [config]);

  const setView = (name: string) => {
    const next: Record<string, unknown> = { ...config, selectedView: names.includes(name as V) ? { name, displayName: views[name as V] } : undefined };
    const nextField = names.includes(name as V) ? daysField(name as V) : null;
    if (nextField && next[nextField] === undefined) next[nextField] = DAYS_DEFAULT;
    setConfig(next);
  };
  const setDays = (text: string) => {
    if (!field) return;
    const n = toDays(text);
    setConfig({ ...config, [field]: n === null ? text : n });
  };
  const sliderValue = toDays(daysValue) ?? DAYS_DEFAULT;

  return (
    <form onSubmit={(e) => e.preventDefault()} data-testid="widget-config-form" noValidate>
      <div className={`form-group${view ? '' : ' has-error'}`}>
        <label htmlFor={viewId}>{t('View Selection')}</label>
        {/* The platform's select (its caret, no native arrow), as in its own widget forms and our other forms. */}
        <div className="c8y-select-wrapper">
          <select id={viewId} className="form-control" required value={view ?? ''} onChange={(e) => setView(e.target.value)} data-testid="view-selection">
            {!view && <option value="">{t('Select a view')}</option>}
            {names.map((n) => (
              <option key={n} value={n}>
                {t(views[n])}
              </option>
            ))}
          </select>
        </div>
        {!view && (
          <p className="help-block" role="alert">
            {t(VIEW_REQUIRED)}
          </p>
        )}
      </div>
      {field && (
        <div className={`form-group${daysMessage ? ' has-error' : ''}`}>
          <label htmlFor={daysId}>{t(daysLabel)}</label>
          <div className="d-flex a-i-center">
            <input
              type="range"
              className="flex-grow m-r-16"
              min={DAYS_MIN}
              max={DAYS_MAX}
              step={DAYS_STEP}
              value={Math.min(DAYS_MAX, Math.max(DAYS_MIN, sliderValue))}
              aria-label={t(daysLabel)}
              onChange={(e) => setDays(e.target.value)}
              data-testid="days-slider"
            />
            <input
              id={daysId}
              type="number"
              className="form-control"
              style={{ width: 96 }}
              required
              min={DAYS_MIN}
              max={DAYS_MAX}
              step={DAYS_STEP}
              value={daysValue === undefined || daysValue === null ? '' : String(daysValue)}
              onChange={(e) => setDays(e.target.value)}
              aria-invalid={!!daysMessage}
              data-testid="days-input"
            />
          </div>
          {daysMessage && (
            <p className="help-block" role="alert" data-testid="days-message">
              {t(daysMessage)}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
