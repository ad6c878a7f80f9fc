/**
 * README "Architecture": dependencies point one way (shared <- plugins, shared <- shell-dev/app),
 * and inside a plugin no feature imports another (scripts/eslint/feature-boundaries.mjs). Each case
 * lints a made-up file at that place with the project's own config (eslint.config.mjs).
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../..');

/** The rule ids ESLint reports for `source` as if it were the file at `file`. */
function lint(file: string, source: string): string[] {
  const r = spawnSync(path.join(root, 'node_modules', '.bin', 'eslint'), ['--stdin', '--stdin-filename', file, '--format', 'json'], { cwd: root, input: source, encoding: 'utf8' });
  const [result] = JSON.parse(r.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
const ALARMS = 'plugins/device-operations/features/alarms/zz-boundary.ts';

describe('import boundaries', () => {
  it("refuses a feature's import of another feature, and allows the plugin's common/ folder", () => {
    expect(lint(ALARMS, importing('../groups/api/group'))).toEqual([expect.stringMatching(/^local\/feature-boundaries: Feature 'alarms' imports feature 'groups'/)]);
    expect(lint(ALARMS, importing('../../common/server-job/model/messages'))).toEqual([]);
  });

  it.each([
    ['shared/ imports no plugin', 'shared/ui/zz-boundary.ts', '../../plugins/device-operations/plugin'],
    ['shared/ imports no shell code', 'shared/ui/zz-boundary.ts', '../../shell-dev/app/constants'],
    ['a plugin imports no shell code', ALARMS, '../../../../shell-dev/app/constants'],
    ['a plugin imports no other plugin', ALARMS, '../../../mobile-router/plugin'],
    ['the shell loads plugins through federation only', 'shell-dev/app/zz-boundary.ts', '../../plugins/device-operations/plugin'],
  ])('%s', (_what, file, from) => {
    expect(lint(file, importing(from))).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });
});
