/**
 * README "Commands": `npm start` builds, skipped when no source changed (scripts/build-lib.mjs:
 * sourceHash against dist/.build-stamp). Run by Node as ESM (jest runs this file as CommonJS).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(__dirname, '..');
const script = path.join(root, 'scripts', 'build-lib.mjs');

function sourceHash(mode: string): string {
  const code = `import { sourceHash } from ${JSON.stringify(script)}; process.stdout.write(sourceHash(${JSON.stringify(mode)}));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

describe('the build stamp', () => {
  it('stays while no source changes, and changes with a source file, a removed one, and the mode', () => {
    const before = sourceHash('production');
    expect(sourceHash('production')).toBe(before);
    expect(sourceHash('development')).not.toBe(before);
    const probe = path.join(root, 'shared', `zz-build-stamp-probe-${process.pid}.ts`);
    try {
      fs.writeFileSync(probe, 'export {};\n');
      const added = sourceHash('production');
      expect(added).not.toBe(before);
      fs.appendFileSync(probe, '// changed\n');
      expect(sourceHash('production')).not.toBe(added);
    } finally {
      fs.rmSync(probe, { force: true });
    }
    expect(sourceHash('production')).toBe(before);
  });
});
