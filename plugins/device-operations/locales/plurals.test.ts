import i18next from 'i18next';
import listsEn from './lists.en.json';
import listsDe from './lists.de.json';

// Counts of one read in the singular ("1 device"), in both languages (i18next's _one forms).
it.each([
  ['en', '{{count}} devices', '1 device', '2 devices'],
  ['de', '{{count}} devices', '1 Gerät', '2 Geräte'],
  ['en', 'The time zone is set on {{count}} devices.', 'The time zone is set on 1 device.', 'The time zone is set on 2 devices.'],
  ['de', '{{count}} devices of another type were left out.', '1 Gerät eines anderen Typs wurde ausgelassen.', '2 Geräte eines anderen Typs wurden ausgelassen.'],
])('%s: %s', async (lng, key, one, two) => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { en: { translation: listsEn }, de: { translation: listsDe } }, interpolation: { escapeValue: false } });
  expect(i18n.t(key, { count: 1 })).toBe(one);
  expect(i18n.t(key, { count: 2 })).toBe(two);
});
