// Lists the i18n keys a folder's code uses: t('…'), t("…"), t(`…`) without interpolation, and
// i18nKey literals. Used by the locale completeness test and by `node scripts/i18n-keys.mjs <dir>`.
import fs from 'node:fs';
import path from 'node:path';

const CALL = /(?<![\w$.])(?:t|msg)\(\s*(['"`])((?:\\.|(?!\1).)*?)\1/gs;

export function keysIn(dir) {
  const keys = new Set();
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        const src = fs.readFileSync(p, 'utf8');
        for (const m of src.matchAll(CALL)) {
          if (m[1] === '`' && m[2].includes('${')) continue;
          keys.add(m[2].replace(/\\(['"`\\])/g, '$1'));
        }
      }
    }
  };
  walk(dir);
  return [...keys].sort();
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(JSON.stringify(keysIn(process.argv[2] ?? '.'), null, 2));
}
