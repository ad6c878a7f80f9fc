import { AlarmsRoute } from './alarms-pages';

export default AlarmsRoute;
