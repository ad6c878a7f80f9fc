import fs from 'node:fs';
import path from 'node:path';
const APP = path.resolve(__dirname, '..');

/** The shell namespace is assembled from every locales/<lang>.json under shell-dev/app (a folder may keep its own). */
function namespace(lang: string): Record<string, string> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === `${lang}.json` && path.basename(dir) === 'locales') files.push(p);
    }
  };
  walk(APP);
  return Object.assign({}, ...files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, string>));
}

const en = namespace('en');
const de = namespace('de');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every literal passed to t('...') or marked msg('...'), every label of the shell's own navigator nodes, and the manifest's plugin texts. */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sources(APP)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:t|msg)\(\s*'((?:[^'\\]|\\.)*)'/g)) keys.add(m[1].replace(/\\'/g, "'"));
    if (file.endsWith('shell-contributions.ts')) for (const m of text.matchAll(/label: '([^']*)'/g)) keys.add(m[1]);
  }
  // The plugins page shows the bundle's manifest: each plugin's name and description.
  const manifest = JSON.parse(fs.readFileSync(path.resolve(APP, '../../manifest.json'), 'utf8')) as { exports: { name: string; description: string }[] };
  for (const p of manifest.exports) keys.add(p.name).add(p.description);
  return [...keys].sort();
}

describe('shell locales', () => {
  const used = usedKeys();

  it('finds the texts it checks', () => {
    expect(used).toEqual(expect.arrayContaining(['Log in', 'Plugins', 'Administration']));
  });

  it('en has every text, keyed by itself', () => {
    for (const key of used) expect([key, en[key]]).toEqual([key, key]);
  });

  it('de translates every text and keeps its placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const key of used) {
      const value = de[key];
      expect([key, typeof value]).toEqual([key, 'string']);
      expect([key, placeholders(value)]).toEqual([key, placeholders(key)]);
    }
  });

  it('en and de have the same keys and nothing unused', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).sort()).toEqual(used);
  });
});
