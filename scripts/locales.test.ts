/**
 * Every text a plugin (or the SDK's components) renders has a key in both languages: keys are the
 * English texts (en maps each key to itself), de has exactly the same keys with a German text.
 * The shell's namespace has its own test in shell-dev/app/locales.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(__dirname, '..');

/** A namespace: its code folder and its locale files (en.json or <area>.en.json in locales/). */
const NAMESPACES = [
  ...fs.readdirSync(path.join(root, 'plugins')).map((id) => ({ ns: id, dir: path.join(root, 'plugins', id), locales: path.join(root, 'plugins', id, 'locales') })),
  { ns: 'shared', dir: path.join(root, 'shared', 'ui'), locales: path.join(root, 'shared', 'ui', 'locales') },
];

function bundle(localesDir: string, lang: string): Record<string, string> {
  if (!fs.existsSync(localesDir)) return {};
  const files = fs.readdirSync(localesDir).filter((f) => f === `${lang}.json` || f.endsWith(`.${lang}.json`));
  return Object.assign({}, ...files.map((f) => JSON.parse(fs.readFileSync(path.join(localesDir, f), 'utf8')) as Record<string, string>));
}

/** t('…') / msg('…') literals (scripts/i18n-keys.mjs) plus the metadata texts of plugin.ts. */
function usedKeys(dir: string): string[] {
  const out = spawnSync(process.execPath, [path.join(root, 'scripts', 'i18n-keys.mjs'), dir], { encoding: 'utf8' });
  const keys = new Set<string>(JSON.parse(out.stdout) as string[]);
  const pluginFile = path.join(dir, 'plugin.ts');
  if (fs.existsSync(pluginFile)) {
    const text = fs.readFileSync(pluginFile, 'utf8');
    for (const m of text.matchAll(/\b(?:label|title|description): '((?:[^'\\]|\\.)*)'/g)) keys.add(m[1].replace(/\\'/g, "'"));
  }
  return [...keys].sort();
}

describe.each(NAMESPACES.map((n) => [n.ns, n]))('namespace %s', (_ns, n) => {
  const en = bundle(n.locales, 'en');
  const de = bundle(n.locales, 'de');
  const used = usedKeys(n.dir);

  it('has an English text for every key the code uses', () => {
    // i18next plurals: t('{{count}} x', { count }) reads '{{count}} x_one' / '{{count}} x_other'.
    expect(used.filter((k) => !(k in en) && !(`${k}_other` in en))).toEqual([]);
  });

  it('keys English texts by themselves (codes such as AVAILABLE and plural forms map to their text)', () => {
    const isCode = (k: string) => /^[A-Z0-9_]+$/.test(k);
    const isPlural = (k: string) => /_(zero|one|two|few|many|other)$/.test(k);
    expect(Object.entries(en).filter(([k, v]) => k !== v && !isCode(k) && !isPlural(k))).toEqual([]);
  });

  it('declares the labels, titles and descriptions of plugin.ts as plain strings', () => {
    // The platform UI translates them from the plugin's <lang>.json, which the build makes from the
    // quoted texts of plugin.ts (scripts/webpack/platform-translations.ts): a text built at run time
    // is missing there and shows in English (the router tab's `${PRODUCT} Connection` did).
    const pluginFile = path.join(n.dir, 'plugin.ts');
    const text = fs.existsSync(pluginFile) ? fs.readFileSync(pluginFile, 'utf8') : '';
    expect([...text.matchAll(/\b(?:label|title|description):\s*(?!')[^\s].*/g)].map((m) => m[0])).toEqual([]);
  });

  it('has a German text for every English key and no other', () => {
    expect(Object.keys(en).filter((k) => !(k in de))).toEqual([]);
    expect(Object.keys(de).filter((k) => !(k in en))).toEqual([]);
    expect(Object.entries(de).filter(([, v]) => typeof v !== 'string' || !v.trim())).toEqual([]);
  });
});
