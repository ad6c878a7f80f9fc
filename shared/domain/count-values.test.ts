import i18next from 'i18next';
import { countValues, formatCount } from './formats';

describe('counts in the user\'s language', () => {
  it('writes thousands as English and German do', () => {
    expect(formatCount(12072, 'en')).toBe('12,072');
    expect(formatCount(12072, 'de')).toBe('12.072');
    expect(formatCount(0, 'de')).toBe('0');
  });

  it('formats the numbers of a text while the plural still follows count', async () => {
    const i = i18next.createInstance();
    await i.init({
      lng: 'de',
      keySeparator: false,
      interpolation: { escapeValue: false },
      resources: { de: { translation: { '{{count}} devices_one': '{{count}} Gerät', '{{count}} devices_other': '{{count}} Geräte', 'Filtered {{x}} of {{y}} devices': '{{x}} von {{y}} Geräten gefiltert' } } },
    });
    expect(i.t('{{count}} devices', countValues({ count: 12072 }, 'de'))).toBe('12.072 Geräte');
    expect(i.t('{{count}} devices', countValues({ count: 1 }, 'de'))).toBe('1 Gerät');
    expect(i.t('Filtered {{x}} of {{y}} devices', countValues({ x: 1500, y: 20000 }, 'de'))).toBe('1.500 von 20.000 Geräten gefiltert');
    // Texts and ids stay as they are.
    expect(countValues({ name: 'Line A', id: '12345' }, 'en')).toEqual({ name: 'Line A', id: '12345' });
  });
});
