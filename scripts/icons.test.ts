/**
 * Every icon class our code names literally exists in the platform's design system (@c8y/style):
 * a class the icon fonts lack draws no icon and no error (the navigator title's
 * `dlt-c8y-icon-device-management`, the list's `dlt-c8y-icon-spin`).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const ICONS = path.join(require.resolve('@c8y/style/package.json'), '..', 'styles', 'icons');
const read = (file: string) => fs.readFileSync(path.join(ICONS, file), 'utf8');

const DEFINED = new Set([
  ...[...read('_dlt-c8y-icons.scss').matchAll(/^\.(dlt-c8y-icon-[\w-]+)\s*\{/gm)].map((m) => m[1]),
  ...[...read('_dlt-c8y-icons-stroke.scss').matchAll(/'(dlt-c8y-icon-[\w-]+)':/g)].map((m) => m[1]),
  ...[...read('_c8y-icons.scss').matchAll(/^\.(c8y-icon-[\w-]+)\s*\{/gm)].map((m) => m[1]),
]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(file);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [file] : [];
  });
}

it('names only icon classes the design system defines', () => {
  expect(DEFINED.size).toBeGreaterThan(500);
  const unknown: string[] = [];
  for (const file of ['plugins', 'shared', 'shell-dev/app'].flatMap((d) => sources(path.join(ROOT, d)))) {
    // A whole class token: not the prefix of a name built at run time (`dlt-c8y-icon-${name}`).
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/(?<![\w-])((?:dlt-)?c8y-icon-[a-z0-9]+(?:-[a-z0-9]+)*)(?![\w$-])/g)) {
      if (!DEFINED.has(m[1])) unknown.push(`${path.relative(ROOT, file)}: ${m[1]}`);
    }
  }
  expect(unknown).toEqual([]);
});
