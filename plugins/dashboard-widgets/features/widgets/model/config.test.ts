import { DAYS_MESSAGES, VIEW_REQUIRED, configValidator, daysOf, validateDays, viewOf } from './config';
import { DEFAULT_CONFIGS, SOFTWARE_MONITOR_VIEWS, TREND_FIELD, ONLINE_HISTORY_VIEWS, alarmDetailsLink, dayOfIndex, deviceListLink, viewNames } from './views';

describe('days validation (spec 5)', () => {
  it.each([
    [undefined, DAYS_MESSAGES.required],
    [null, DAYS_MESSAGES.required],
    ['', DAYS_MESSAGES.required],
    ['abc', DAYS_MESSAGES.required],
    [Number.NaN, DAYS_MESSAGES.required],
    [6, DAYS_MESSAGES.min],
    [0, DAYS_MESSAGES.min],
    [61, DAYS_MESSAGES.max],
    [7.5, DAYS_MESSAGES.integer],
    ['12.5', DAYS_MESSAGES.integer],
    [7, null],
    [60, null],
    ['30', null],
  ])('%p gives %p', (value, message) => {
    expect(validateDays(value)).toBe(message);
  });

  it('keeps the exact texts of the product', () => {
    expect(DAYS_MESSAGES).toEqual({
      required: 'Amount of days is required and should be a number between 7 and 60 days.',
      min: 'Amount of days must be at least 7 days.',
      max: 'Amount of days excceds the limit of 60 days.',
      integer: 'Amount of days must be an integer.',
    });
  });

  it('falls back to the default for a stored invalid value', () => {
    expect(daysOf(90)).toBe(30);
    expect(daysOf('14')).toBe(14);
  });
});

describe('config validators', () => {
  const history = configValidator(viewNames(ONLINE_HISTORY_VIEWS), () => 'showNumberOfDaysAgo');
  const software = configValidator(viewNames(SOFTWARE_MONITOR_VIEWS), (v) => TREND_FIELD[v]);

  it('requires a known view', () => {
    expect(history({})).toEqual([VIEW_REQUIRED]);
    expect(history({ selectedView: { name: 'nope', displayName: 'x' }, showNumberOfDaysAgo: 30 })).toEqual([VIEW_REQUIRED]);
    expect(viewOf({ selectedView: { name: 'barchart' } }, viewNames(ONLINE_HISTORY_VIEWS))).toBe('barchart');
  });

  it('checks the days of the selected view only', () => {
    expect(history({ ...DEFAULT_CONFIGS.onlineHistory, showNumberOfDaysAgo: 3 })).toEqual([DAYS_MESSAGES.min]);
    expect(software({ ...DEFAULT_CONFIGS.softwareMonitor, trendDaysWaitingForApproval: 99 })).toEqual([]);
    expect(
      software({ ...DEFAULT_CONFIGS.softwareMonitor, selectedView: { name: 'approval', displayName: 'Waiting for Approval' }, trendDaysWaitingForApproval: 99 }),
    ).toEqual([DAYS_MESSAGES.max]);
    expect(software({ selectedView: { name: 'recovered', displayName: 'Recovered' } })).toEqual([]);
  });

  it('accepts every default config', () => {
    expect(history(DEFAULT_CONFIGS.onlineHistory)).toEqual([]);
    expect(software(DEFAULT_CONFIGS.softwareMonitor)).toEqual([]);
  });
});

describe('links', () => {
  it('opens device lists with the dashboard flag', () => {
    expect(deviceListLink('currentOnlineDevices')).toBe('/devicesFromDashboard?view=currentOnlineDevices&operationsdashboarddetails=true');
    expect(deviceListLink('onlineOnDay', dayOfIndex(0))).toBe('/devicesFromDashboard?view=onlineOnDay&operationsdashboarddetails=true&day=1');
  });

  it('opens alarm details by severity and category', () => {
    expect(alarmDetailsLink('major', 'health')).toBe('/alarmDetails?operationsdashboarddetails=true&severity=major&category=health');
    expect(alarmDetailsLink('warning')).toBe('/alarmDetails?operationsdashboarddetails=true&severity=warning');
  });
});
