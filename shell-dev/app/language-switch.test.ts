import { browserLanguage, switchLanguage, type LanguageSwitchSteps } from './language-switch';

function steps(over: Partial<Record<'save' | 'shell' | 'plugins', Error>> = {}) {
  const applied: string[] = [];
  const s: LanguageSwitchSteps = {
    save: async () => {
      if (over.save) throw over.save;
    },
    loadTexts: () => [over.plugins ? Promise.reject(over.plugins) : Promise.resolve(), over.shell ? Promise.reject(over.shell) : Promise.resolve()],
    apply: async (l) => void applied.push(l),
  };
  return { s, applied };
}

describe('switchLanguage', () => {
  it('switches and reports nothing when everything works', async () => {
    const { s, applied } = steps();
    await expect(switchLanguage('de', s)).resolves.toEqual({});
    expect(applied).toEqual(['de']);
  });

  it('still switches when a plugin\'s texts fail to load, and says texts are missing, not that the choice was not saved', async () => {
    const { s, applied } = steps({ plugins: new Error('ChunkLoadError: de.json') });
    await expect(switchLanguage('de', s)).resolves.toEqual({ textsMissing: new Error('ChunkLoadError: de.json') });
    expect(applied).toEqual(['de']);
  });

  it('switches the page and says the choice was not saved when saving fails', async () => {
    const { s, applied } = steps({ save: new Error('Access is denied') });
    await expect(switchLanguage('de', s)).resolves.toEqual({ notSaved: new Error('Access is denied') });
    expect(applied).toEqual(['de']);
  });
});

describe('browserLanguage', () => {
  it('takes the first of the browser languages the console speaks, else English', () => {
    expect(browserLanguage({ languages: ['de-AT', 'en'], language: 'de-AT' })).toBe('de');
    expect(browserLanguage({ languages: ['fr-FR', 'de'], language: 'fr-FR' })).toBe('de');
    expect(browserLanguage({ languages: ['fr-FR'], language: 'fr-FR' })).toBe('en');
    expect(browserLanguage({ languages: [], language: 'DE' })).toBe('de');
    expect(browserLanguage(undefined)).toBe('en');
  });
});
