import React from 'react';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { DEVICES_ONLINE_VIEWS } from '../model/views';
import { validateDevicesOnline } from '../model/validators';
import { ConfigForm } from './config-form';

export default function DevicesOnlineConfig({ widget }: { widget?: WidgetInstanceProps }) {
  return <ConfigForm widget={widget} views={DEVICES_ONLINE_VIEWS} daysField={() => null} daysLabel="Amount of days" validate={validateDevicesOnline} />;
}
