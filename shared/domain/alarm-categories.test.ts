import { ALARM_CATEGORIES, ALARM_COUNT_FIELD, ALARM_CATEGORY_LABELS, alarmDetailsTitle, capitalize, isAlarmCategory, isSeverityName } from './alarm-categories';

it('maps categories to the alarm count fields and labels', () => {
  expect(ALARM_CATEGORIES).toEqual(['software', 'health', 'services', 'others']);
  expect(ALARM_COUNT_FIELD.health).toBe('connectivity');
  expect(ALARM_CATEGORY_LABELS.health).toBe('Health');
  expect(isAlarmCategory('health')).toBe(true);
  expect(isAlarmCategory('connectivity')).toBe(false);
  expect(isSeverityName('MAJOR')).toBe(true);
  expect(isSeverityName('fatal')).toBe(false);
  expect(capitalize('mAJOR')).toBe('Major');
});

it.each([
  [undefined, undefined, { key: 'Alarms', values: {} }],
  ['bogus', 'software', { key: 'Alarms', values: {} }],
  ['critical', undefined, { key: '{{severity}} alarms', values: { severity: 'Critical' } }],
  ['critical', 'nope', { key: '{{severity}} alarms', values: { severity: 'Critical' } }],
  ['minor', 'health', { key: '{{severity}} {{category}} alarms', values: { severity: 'Minor', category: 'health' } }],
])('/alarmDetails title for %p %p', (severity, category, title) => {
  expect(alarmDetailsTitle(severity, category)).toEqual(title);
});
