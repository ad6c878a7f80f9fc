import i18next from 'i18next';
import en from './en.json';
import de from './de.json';

const PROGRESS = '{{processed, number}} of {{total, number}} devices processed';
const PAUSE_LIMIT = '{{failed, number}} devices failed: the automatic pause limit {{limit, number}} is reached. Start to go on or cancel.';
const THRESHOLD =
  '{{failed, number}} of {{processed, number}} processed devices failed, more than the error threshold of {{threshold}} %. Look at the failed devices, then start to go on or cancel.';

// Counts of one read in the singular ("0 of 1 device processed"), in both languages (i18next's _one
// forms, chosen by `count`: the number the noun goes with).
it.each([
  ['en', PROGRESS, { processed: 0, total: 1, count: 1 }, { processed: 0, total: 2, count: 2 }, '0 of 1 device processed', '0 of 2 devices processed'],
  ['de', PROGRESS, { processed: 0, total: 1, count: 1 }, { processed: 0, total: 2, count: 2 }, '0 von 1 Gerät verarbeitet', '0 von 2 Geräten verarbeitet'],
  [
    'en',
    PAUSE_LIMIT,
    { failed: 1, limit: 1, count: 1 },
    { failed: 2, limit: 2, count: 2 },
    '1 device failed: the automatic pause limit 1 is reached. Start to go on or cancel.',
    '2 devices failed: the automatic pause limit 2 is reached. Start to go on or cancel.',
  ],
  [
    'de',
    PAUSE_LIMIT,
    { failed: 1, limit: 1, count: 1 },
    { failed: 2, limit: 2, count: 2 },
    '1 Gerät ist fehlgeschlagen: die automatische Pausengrenze 1 ist erreicht. Starten Sie erneut oder brechen Sie ab.',
    '2 Geräte sind fehlgeschlagen: die automatische Pausengrenze 2 ist erreicht. Starten Sie erneut oder brechen Sie ab.',
  ],
  [
    'en',
    THRESHOLD,
    { failed: 1, processed: 1, threshold: 50, count: 1 },
    { failed: 1, processed: 2, threshold: 40, count: 2 },
    '1 of 1 processed device failed, more than the error threshold of 50 %. Look at the failed devices, then start to go on or cancel.',
    '1 of 2 processed devices failed, more than the error threshold of 40 %. Look at the failed devices, then start to go on or cancel.',
  ],
  [
    // One failed of several: no verb that would have to agree with it ("1 von 2 … sind" was wrong).
    'de',
    THRESHOLD,
    { failed: 1, processed: 1, threshold: 50, count: 1 },
    { failed: 1, processed: 2, threshold: 40, count: 2 },
    '1 von 1 verarbeiteten Gerät fehlgeschlagen, mehr als die Fehlerschwelle von 50 %. Prüfen Sie die fehlgeschlagenen Geräte und starten Sie dann erneut oder brechen Sie ab.',
    '1 von 2 verarbeiteten Geräten fehlgeschlagen, mehr als die Fehlerschwelle von 40 %. Prüfen Sie die fehlgeschlagenen Geräte und starten Sie dann erneut oder brechen Sie ab.',
  ],
  ['en', '{{count}} dependencies', { count: 1 }, { count: 2 }, '1 dependency', '2 dependencies'],
  ['de', '{{count}} dependencies', { count: 1 }, { count: 2 }, '1 Abhängigkeit', '2 Abhängigkeiten'],
  ['en', 'Show {{count, number}} more', { count: 1 }, { count: 2 }, 'Show 1 more', 'Show 2 more'],
  // Said without a word that would change with the count ("1 weitere" was wrong for das Software-Rollout).
  ['de', 'Show {{count, number}} more', { count: 1 }, { count: 2 }, 'Noch 1 anzeigen', 'Noch 2 anzeigen'],
])('%s: %s', async (lng, key, one, two, textOne, textTwo) => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { en: { translation: en }, de: { translation: de } }, interpolation: { escapeValue: false } });
  expect(i18n.t(key, one)).toBe(textOne);
  expect(i18n.t(key, two)).toBe(textTwo);
});
