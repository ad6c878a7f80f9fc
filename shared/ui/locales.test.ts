import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import en from './locales/en.json';
import de from './locales/de.json';

// Every t('...') / msg('...') of shared/ui (and of the contribution error boundary and the platform
// UI host, which render in this namespace, and of the fetch client's errors) has an English key (equal to itself) and a German translation.
const used = new Set<string>();
const files = [
  ...readdirSync(__dirname).filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx')).map((f) => join(__dirname, f)),
  join(__dirname, '..', 'plugin-api', 'parcel.tsx'),
  // The platform UI host's texts (failure box, dashboard page) are in this namespace too.
  join(__dirname, '..', 'plugin-api', 'platform-ui', 'mount.ts'),
  join(__dirname, '..', 'plugin-api', 'platform-ui', 'dashboard-page.tsx'),
  // The fetch client's time-out message.
  join(__dirname, '..', 'platform', 'fetch-client.ts'),
  // The server job's wait that ended without a connection.
  join(__dirname, 'server-job.ts'),
  // The question before unsaved edits are thrown away.
  join(__dirname, 'unsaved-changes.ts'),
];
for (const file of files) {
  for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:t|msg)\('((?:[^'\\]|\\.)+)'/g)) used.add(m[1]);
}

it('ships every shared text in en and de', () => {
  expect(used.size).toBeGreaterThan(10);
  for (const key of used) {
    expect((en as Record<string, string>)[key]).toBe(key);
    expect((de as Record<string, string>)[key]).toBeTruthy();
  }
  expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  // A plural form ('<key>_one') belongs to its key, which i18next reads with a count.
  expect(Object.keys(en).filter((k) => !used.has(k.replace(/_(zero|one|two|few|many|other)$/, '')))).toEqual([]);
});
