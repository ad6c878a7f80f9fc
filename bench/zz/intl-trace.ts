import { chromium } from 'playwright-core';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('http://localhost:9100/apps/shell/');
  await page.getByLabel('Tenant').fill('demo');
  await page.getByLabel('User').fill('admin');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForSelector('[data-testid="navigator"]');
  await ctx.addInitScript(`(() => {
    const w = window;
    w.__intl = [];
    for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Collator']) {
      const Orig = Intl[name];
      const Wrapped = function (...args) {
        const t0 = performance.now();
        const r = new Orig(...args);
        w.__intl.push({ name, args: JSON.stringify(args), ms: performance.now() - t0, at: t0, stack: (new Error().stack || '').split('\\n').slice(2, 7).join(' | ') });
        return r;
      };
      Wrapped.prototype = Orig.prototype;
      Wrapped.supportedLocalesOf = Orig.supportedLocalesOf;
      Intl[name] = Wrapped;
    }
  })()`);
  const p2 = await ctx.newPage();
  await p2.goto('http://localhost:9100/apps/shell/' + (process.argv[2] ?? '#/views/iotconnector'));
  await p2.waitForSelector(process.argv[3] ?? '.ag-row[row-index="0"]');
  const firstRowAt = await p2.evaluate(() => performance.now());
  await p2.waitForTimeout(1500);
  const rec = await p2.evaluate(() => (window as any).__intl);
  console.log("first row seen by", firstRowAt.toFixed(0), await p2.evaluate(() => String(Intl.NumberFormat).slice(0, 80)), await p2.evaluate(() => new Intl.NumberFormat("en").format(1234)));
  for (const r of rec) console.log(`${r.at.toFixed(0)} ${r.name} ${r.args} ${r.ms.toFixed(1)}ms  ${r.stack.slice(0, 300)}`);
  await browser.close();
})();
