import React from 'react';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { ONLINE_HISTORY_VIEWS } from '../model/views';
import { validateOnlineHistory } from '../model/validators';
import { ConfigForm } from './config-form';

export default function OnlineHistoryConfig({ widget }: { widget?: WidgetInstanceProps }) {
  return <ConfigForm widget={widget} views={ONLINE_HISTORY_VIEWS} daysField={() => 'showNumberOfDaysAgo'} daysLabel="Amount of days" validate={validateOnlineHistory} />;
}
