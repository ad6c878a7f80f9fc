/**
 * The plugin's English texts come with its start module: the shell registers a plugin only once
 * its texts are loaded, and a separate en.json chunk was asked for only after the start chunk had
 * run, one round trip before a cold dashboard could ask for its layout and figures.
 */
describe('dashboard-widgets plugin texts', () => {
  it('has its English texts when its start module has run, without loading another module', async () => {
    const read: string[] = [];
    await jest.isolateModulesAsync(async () => {
      jest.doMock('./locales/en.json', () => (read.push('en'), { 'Operations Dashboard': 'Operations Dashboard (en)' }));
      jest.doMock('./locales/de.json', () => (read.push('de'), { 'Operations Dashboard': 'Betriebs-Dashboard' }));
      const plugin = (await import('./plugin')).default;
      expect(read).toEqual(['en']);
      const en = (await plugin.locales!.en()) as Record<string, string>;
      expect(en['Operations Dashboard']).toBe('Operations Dashboard (en)');
      expect(read).toEqual(['en']);
      // German still loads only for a German page.
      await plugin.locales!.de();
      expect(read).toEqual(['en', 'de']);
    });
  });
});
