import React from 'react';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { ALARM_HISTORY_VIEWS } from '../model/views';
import { validateAlarmHistory } from '../model/validators';
import { ConfigForm } from './config-form';

export default function AlarmHistoryConfig({ widget }: { widget?: WidgetInstanceProps }) {
  return <ConfigForm widget={widget} views={ALARM_HISTORY_VIEWS} daysField={() => 'showNumberOfDaysAgo'} daysLabel="Amount of days" validate={validateAlarmHistory} />;
}
