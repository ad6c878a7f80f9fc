import { chromium } from 'playwright-core';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  for (let i = 0; i < 4; i++) {
    const page = await browser.newPage();
    await page.setContent('<p>x</p>');
    const r = await page.evaluate(() => {
      const p0 = performance.now();
      new Intl.PluralRules('en', { type: 'cardinal' }).select(2);
      const pr = performance.now() - p0;
      const t0 = performance.now();
      const f = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
      const t1 = performance.now();
      f.format(1195);
      const t2 = performance.now();
      const g = new Intl.NumberFormat('de', { maximumFractionDigits: 0 });
      g.format(1195);
      const t3 = performance.now();
      new Intl.DateTimeFormat('en').format(new Date());
      const t4 = performance.now();
      return { pr, ctorEn: t1 - t0, formatEn: t2 - t1, de: t3 - t2, date: t4 - t3 };
    });
    console.log(JSON.stringify(r));
    await page.close();
  }
  await browser.close();
})();
