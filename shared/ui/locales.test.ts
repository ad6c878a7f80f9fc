import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import en from './locales/en.json';
import de from './locales/de.json';

// Every t('...') of shared/ui has an English key (equal to itself) and a German translation.
const used = new Set<string>();
for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))) {
  for (const m of readFileSync(join(__dirname, file), 'utf8').matchAll(/\bt\('((?:[^'\\]|\\.)+)'/g)) used.add(m[1]);
}

it('ships every shared text in en and de', () => {
  expect(used.size).toBeGreaterThan(10);
  for (const key of used) {
    expect((en as Record<string, string>)[key]).toBe(key);
    expect((de as Record<string, string>)[key]).toBeTruthy();
  }
  expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  expect(Object.keys(en).filter((k) => !used.has(k))).toEqual([]);
});
