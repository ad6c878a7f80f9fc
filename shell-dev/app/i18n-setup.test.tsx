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
