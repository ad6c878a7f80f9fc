import React from 'react';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { SOFTWARE_MONITOR_VIEWS, TREND_FIELD } from '../model/views';
import { validateSoftwareMonitor } from '../model/validators';
import { ConfigForm } from './config-form';

export default function SoftwareMonitorConfig({ widget }: { widget?: WidgetInstanceProps }) {
  return <ConfigForm widget={widget} views={SOFTWARE_MONITOR_VIEWS} daysField={(v) => TREND_FIELD[v]} daysLabel="Amount of days for the trend" validate={validateSoftwareMonitor} />;
}
