import * as C from './constants';

// The spec's numbers, restated from the spec text: a change to a constant must be a change to the spec.
it.each<[keyof typeof C, unknown]>([
  ['PAGE_SIZE_OPTIONS', [10, 25, 50, 100]],
  ['DEFAULT_PAGE_SIZE', 25],
  ['GROUP_LIST_PAGE_SIZE', 2000],
  ['ALARM_LOAD_MORE_PAGE_SIZE', 100],
  ['ALARM_WIDGET_PAGE_SIZE', 4],
  ['STATUS_POLLING_MS', 2000],
  ['ROLLOUT_POLLING_MS', 5000],
  ['WIDGET_REFRESH_MS', 60000],
  ['ALERT_DISMISS_MS', 5000],
  ['ALERT_SUCCESS_DISMISS_MS', 15000],
  ['AGENT_RESTART_TIMEOUT_MS', 60000],
  ['IOTCONNECTOR_RESTART_TIMEOUT_MS', 300000],
  ['REQUIRED_INTERVAL_MAX_MINUTES', 525600],
  ['ROUTER_OUTDATED_MS', 3600000],
  ['CARD_FLIP_MS', 500],
  ['DAYS_DEFAULT', 30],
  ['DASHBOARD_HISTORY_DAYS', 60],
  ['MIN_AGENT_VERSION_DEVICE_CONTROL', '0.2.30'],
  ['MIN_AGENT_VERSION_RESTART', '0.4.0'],
])('%s = %p', (name, value) => {
  expect(C[name]).toEqual(value);
});
