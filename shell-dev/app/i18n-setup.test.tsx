import { initShellI18n, loadShellLanguage } from './i18n-setup';

describe('initShellI18n', () => {
  it("keeps <html lang> in the page's language, as the platform does", async () => {
    const i18n = initShellI18n('en');
    expect(document.documentElement.lang).toBe('en');
    await loadShellLanguage('de');
    await i18n.changeLanguage('de');
    expect(document.documentElement.lang).toBe('de');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('loadShellLanguage', () => {
  // Only these two files: shell-dev/app/pages/locales/de.json is imported by missing-page.tsx with the start chunk.
  it("loads the shell's locales/de.json and the SDK components' German only for German (an English page never reads them)", async () => {
    const read: string[] = [];
    await jest.isolateModulesAsync(async () => {
      jest.doMock('./locales/de.json', () => (read.push('shell'), { Plugins: 'Plugins (de)' }));
      jest.doMock('@shared/ui/locales/de.json', () => (read.push('shared'), {}));
      const setup = await import('./i18n-setup');
      const { SHELL_NS } = await import('./constants');
      const i18n = setup.initShellI18n('en');
      await setup.loadShellLanguage('en');
      expect(read).toEqual([]);
      expect(i18n.hasResourceBundle('de', SHELL_NS)).toBe(false);
      await setup.loadShellLanguage('de');
      expect(read.sort()).toEqual(['shared', 'shell']);
      expect(i18n.getResource('de', SHELL_NS, 'Plugins')).toBe('Plugins (de)');
    });
  });
});
