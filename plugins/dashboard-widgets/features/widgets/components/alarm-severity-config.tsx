import React from 'react';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { ALARM_SEVERITY_VIEWS } from '../model/views';
import { validateAlarmSeverity } from '../model/validators';
import { ConfigForm } from './config-form';

export default function AlarmSeverityConfig({ widget }: { widget?: WidgetInstanceProps }) {
  return <ConfigForm widget={widget} views={ALARM_SEVERITY_VIEWS} daysField={() => null} daysLabel="Amount of days" validate={validateAlarmSeverity} />;
}
