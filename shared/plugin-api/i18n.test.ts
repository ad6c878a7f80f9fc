import i18next from 'i18next';
import { getI18n, loadLanguage, loadNamespace } from './i18n';

describe('plugin translations', () => {
  const loads: string[] = [];
  const loaders = {
    en: async () => (loads.push('en'), { default: { Devices: 'Devices' } }),
    de: async () => (loads.push('de'), { default: { Devices: 'Geräte' } }),
  };

  it('loads the page language and the fallback only, the others on a switch', async () => {
    const i18n = getI18n('en');
    await loadNamespace('test-plugin', loaders);
    expect(loads).toEqual(['en']);
    expect(i18n.hasResourceBundle('de', 'test-plugin')).toBe(false);

    await loadLanguage('de');
    expect(loads).toEqual(['en', 'de']);
    await i18n.changeLanguage('de');
    expect(i18n.t('Devices', { ns: 'test-plugin' })).toBe('Geräte');

    // Registered once, loaded once.
    await loadLanguage('de');
    await loadNamespace('test-plugin', loaders);
    expect(loads).toEqual(['en', 'de']);
    await i18next.changeLanguage('en');
  });
});
