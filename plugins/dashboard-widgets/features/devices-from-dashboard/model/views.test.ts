import { resolveView } from './views';

/** The spec's views (dashboards spec, section 2), written out: the test does not read them from the code it checks. */
const DEVICE_LIST_VIEWS = [
  'currentOnlineDevices',
  'currentOfflineDevices',
  'currentNotMonitoredDevices',
  'totalDevices',
  'onlineOnDay',
  'devicesWaitingForDependency',
  'devicesWaitingForApproval',
  'devicesWithoutSoftwareAssignements',
  'recoveredThisMonth',
  'recoveredThisYear',
  'recoveredTotal',
];

describe('resolveView', () => {
  it('knows all eleven views', () => {
    for (const view of DEVICE_LIST_VIEWS) {
      expect(resolveView({ view, day: '3' })?.view).toBe(view);
    }
  });

  it('reads the history list of the day ago', () => {
    expect(resolveView({ view: 'onlineOnDay', day: '1' })?.source).toEqual({ kind: 'history', day: 1 });
    expect(resolveView({ view: 'onlineOnDay', day: '60' })?.source).toEqual({ kind: 'history', day: 60 });
  });

  it.each([{ view: 'nope' }, {}, { view: 'toString' }, { view: 'onlineOnDay' }, { view: 'onlineOnDay', day: '0' }, { view: 'onlineOnDay', day: '61' }, { view: 'onlineOnDay', day: '2.5' }])(
    'refuses %p',
    (query) => {
      expect(resolveView(query as Record<string, string>)).toBeNull();
    },
  );

  it('maps software and recovered views to their lists', () => {
    expect(resolveView({ view: 'devicesWithoutSoftwareAssignements' })?.source).toEqual({ kind: 'software', list: 'wsa' });
    expect(resolveView({ view: 'recoveredThisYear' })?.source).toEqual({ kind: 'recovered', period: 'year' });
    expect(resolveView({ view: 'currentNotMonitoredDevices' })?.notMonitored).toBe(true);
  });
});
