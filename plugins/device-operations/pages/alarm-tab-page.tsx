import { DeviceAlarmsTab } from './alarms-pages';

export default DeviceAlarmsTab;
