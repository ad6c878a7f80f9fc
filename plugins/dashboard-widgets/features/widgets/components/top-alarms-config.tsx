import React from 'react';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { TOP_ALARMS_VIEWS } from '../model/views';
import { validateTopAlarms } from '../model/validators';
import { ConfigForm } from './config-form';

export default function TopAlarmsConfig({ widget }: { widget?: WidgetInstanceProps }) {
  return <ConfigForm widget={widget} views={TOP_ALARMS_VIEWS} daysField={() => 'showNumberOfDaysAgo'} daysLabel="Amount of days" validate={validateTopAlarms} />;
}
