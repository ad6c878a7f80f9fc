import { AlarmDetailsRoute } from './alarms-pages';

export default AlarmDetailsRoute;
