/**
 * The Device Operations Dashboard inside the real platform UI (shell-dev/platform-shell, built by
 * `npm run build`), at 1280 px in English and German: every widget's content fits its card. The
 * platform's dashboard cards keep their title on one line; ours wrapped ('Weniger wichtige Alarme'),
 * pushing the minor alarms' last category out of sight, and each chart's hidden figures table made
 * its card scroll some 3,000 px of nothing under the mouse wheel.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { platformLogin, snap, startStack, type Stack } from './harness';

const WAIT_MS = 30_000;
const APP = 'devicemanagement';

/** The dashboard with all fourteen widgets showing their figures (not a spinner, not an error). */
async function openDashboard(stack: Stack, lang: 'en' | 'de'): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await platformLogin(page, `${stack.url}/apps/${APP}/${lang === 'de' ? '?lang=de' : ''}#/deviceOperationsDashboard`, 'viewer');
  const heading = lang === 'de' ? 'Geräte-Betriebs-Dashboard' : 'Device Operations Dashboard';
  await page.waitForFunction((h) => document.querySelector('c8y-title-outlet')?.textContent?.trim() === h, heading, { timeout: WAIT_MS });
  await page.waitForFunction(
    () => {
      const cards = [...document.querySelectorAll('[data-testid="platform-dashboard"] [data-testid="dashboard-widget"]')];
      return (
        cards.length === 14 &&
        document.querySelectorAll('[data-testid="platform-dashboard"] [data-testid="total-figure"]').length === 4 &&
        !!document.querySelector('[data-testid="online-history-table"]') &&
        !!document.querySelector('[data-testid="alarm-history-table"]') &&
        !document.querySelector('[data-testid="platform-dashboard"] .spinner, [data-testid="platform-dashboard"] [data-testid="widget-error"]')
      );
    },
    undefined,
    { timeout: WAIT_MS },
  );
  // Charts and the container-sized totals settle after their data.
  await page.waitForTimeout(1000);
  return page;
}

interface Card {
  title: string;
  tooltip: string | null;
  titleLines: number;
  scrollHeight: number;
  clientHeight: number;
}

const cards = (page: Page) =>
  page.$$eval('[data-testid="platform-dashboard"] [data-testid="dashboard-widget"]', (els) =>
    els.map((el): Card => {
      const title = el.querySelector<HTMLElement>('.card-title')!;
      const lineHeight = parseFloat(getComputedStyle(title).lineHeight) || 20;
      return {
        title: title.textContent?.trim() ?? '',
        tooltip: title.getAttribute('title'),
        titleLines: Math.round(title.getBoundingClientRect().height / lineHeight),
        scrollHeight: el.scrollHeight,
        clientHeight: el.clientHeight,
      };
    }),
  );

describe('the Device Operations Dashboard in the real platform UI', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ devices: 300 });
  });
  after(async () => {
    await stack?.close();
  });

  for (const lang of ['en', 'de'] as const) {
    it(`(${lang}, 1280 px) shows every widget whole in its card: titles on one line (the full title on hover), nothing to scroll`, async () => {
      const page = await openDashboard(stack, lang);
      const shown = await cards(page);
      await snap(page, `platform-shell-dash-${lang}-1280`);
      assert.equal(shown.length, 14);
      const wrapped = shown.filter((c) => c.titleLines > 1 || c.tooltip !== c.title).map((c) => `${c.title} (${c.titleLines} lines, tooltip ${c.tooltip})`);
      assert.deepEqual(wrapped, [], 'a card title wraps or has not its full text on hover');
      const scrolling = shown.filter((c) => c.scrollHeight > c.clientHeight + 1).map((c) => `${c.title}: ${c.scrollHeight} px in ${c.clientHeight} px`);
      assert.deepEqual(scrolling, [], 'a card hides part of its content in a scroll');
      await page.context().close();
    });
  }

  it('(en, 1280 px) the four alarm severity cards show icon and total alike, side by side; the history\'s measure buttons are 24 px targets with readable text', async () => {
    const page = await openDashboard(stack, 'en');
    // Major's two-digit total wrapped under its icon, 1 px short of room, while the other three stood beside theirs.
    const severities = await page.$$eval('[data-testid="platform-dashboard"] [data-testid="widget-alarm-severity"]', (widgets) =>
      widgets.map((w) => {
        const icon = w.querySelector('[data-testid="severity-icon"]')!.getBoundingClientRect();
        const total = w.querySelector('[data-testid="total-figure"]')!.getBoundingClientRect();
        const middle = (icon.top + icon.bottom) / 2;
        return { view: w.getAttribute('data-view'), besideTotal: middle > total.top && middle < total.bottom && icon.right <= total.left };
      }),
    );
    assert.equal(severities.length, 4);
    assert.deepEqual(severities.filter((s) => !s.besideTotal).map((s) => s.view), [], 'a severity icon stands above its total instead of beside it');
    // The platform's extra-small buttons were 16 px high with 10 px text.
    const buttons = await page.$$eval('[data-testid="platform-dashboard"] [data-testid="online-history-bars"] [role="group"] button', (bs) =>
      bs.map((b) => ({ text: b.textContent, height: Math.round(b.getBoundingClientRect().height), font: parseFloat(getComputedStyle(b).fontSize) })),
    );
    assert.equal(buttons.length, 2);
    for (const b of buttons) assert.ok(b.height >= 24 && b.font >= 12, `${b.text}: ${b.height} px high, ${b.font} px text`);
    await page.context().close();
  });
});
