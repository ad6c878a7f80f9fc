/**
 * Every text a plugin (or the SDK's components) renders has a key in both languages: keys are the
 * English texts (en maps each key to itself), de has exactly the same keys with a German text.
 * The shell's namespace has its own test in shell-dev/app/locales.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import ts from 'typescript';

const root = path.resolve(__dirname, '..');

/** A namespace: its code folder and its locale files (en.json or <area>.en.json in locales/). */
const NAMESPACES = [
  ...fs.readdirSync(path.join(root, 'plugins')).map((id) => ({ ns: id, dir: path.join(root, 'plugins', id), locales: path.join(root, 'plugins', id, 'locales') })),
  { ns: 'shared', dir: path.join(root, 'shared', 'ui'), locales: path.join(root, 'shared', 'ui', 'locales') },
];

function bundle(localesDir: string, lang: string): Record<string, string> {
  if (!fs.existsSync(localesDir)) return {};
  const files = fs.readdirSync(localesDir).filter((f) => f === `${lang}.json` || f.endsWith(`.${lang}.json`));
  return Object.assign({}, ...files.map((f) => JSON.parse(fs.readFileSync(path.join(localesDir, f), 'utf8')) as Record<string, string>));
}

/** t('…') / msg('…') literals (scripts/i18n-keys.mjs) plus the metadata texts of plugin.ts. */
function usedKeys(dir: string): string[] {
  const out = spawnSync(process.execPath, [path.join(root, 'scripts', 'i18n-keys.mjs'), dir], { encoding: 'utf8' });
  const keys = new Set<string>(JSON.parse(out.stdout) as string[]);
  const pluginFile = path.join(dir, 'plugin.ts');
  if (fs.existsSync(pluginFile)) {
    const text = fs.readFileSync(pluginFile, 'utf8');
    for (const m of text.matchAll(/\b(?:label|title|description): '((?:[^'\\]|\\.)*)'/g)) keys.add(m[1].replace(/\\'/g, "'"));
  }
  return [...keys].sort();
}

describe.each(NAMESPACES.map((n) => [n.ns, n]))('namespace %s', (_ns, n) => {
  const en = bundle(n.locales, 'en');
  const de = bundle(n.locales, 'de');
  const used = usedKeys(n.dir);

  it('has an English text for every key the code uses', () => {
    // i18next plurals: t('{{count}} x', { count }) reads '{{count}} x_one' / '{{count}} x_other'.
    expect(used.filter((k) => !(k in en) && !(`${k}_other` in en))).toEqual([]);
  });

  it('keys English texts by themselves (codes such as AVAILABLE and plural forms map to their text)', () => {
    const isCode = (k: string) => /^[A-Z0-9_]+$/.test(k);
    const isPlural = (k: string) => /_(zero|one|two|few|many|other)$/.test(k);
    expect(Object.entries(en).filter(([k, v]) => k !== v && !isCode(k) && !isPlural(k))).toEqual([]);
  });

  it('declares the labels, titles and descriptions of plugin.ts as plain strings', () => {
    // The platform UI translates them from the plugin's <lang>.json, which the build makes from the
    // quoted texts of plugin.ts (scripts/webpack/platform-translations.ts): a text built at run time
    // is missing there and shows in English (the router tab's `${PRODUCT} Connection` did).
    const pluginFile = path.join(n.dir, 'plugin.ts');
    const text = fs.existsSync(pluginFile) ? fs.readFileSync(pluginFile, 'utf8') : '';
    expect([...text.matchAll(/\b(?:label|title|description):\s*(?!')[^\s].*/g)].map((m) => m[0])).toEqual([]);
  });

  it('has a German text for every English key and no other', () => {
    expect(Object.keys(en).filter((k) => !(k in de))).toEqual([]);
    expect(Object.keys(de).filter((k) => !(k in en))).toEqual([]);
    expect(Object.entries(de).filter(([, v]) => typeof v !== 'string' || !v.trim())).toEqual([]);
  });
});

/**
 * No text nobody shows: every key of these namespaces is a string of their code, or the msg() text
 * of a shared constant they import (ONGOING_MESSAGE). dashboard-widgets carried the select-software
 * dialog's and the pager's texts, which shared/ui translates in its own namespace.
 */
/**
 * Keys a namespace's code reaches through data, not as a literal (t(alarm.severity)), each with
 * where it is used.
 */
const REACHED_THROUGH_DATA: Record<string, Record<string, string>> = {
  'device-operations': {
    CRITICAL: 't(filter.severity) and t(alarm.severity): features/alarms (a severity list\'s label, an alarm\'s severity)',
    MAJOR: 'as CRITICAL',
    MINOR: 'as CRITICAL',
    WARNING: 'as CRITICAL',
    CONNECTED: "t(avail.push): features/device-info/components/info-tab.tsx, the Push status of c8y_Connection.status",
    DISCONNECTED: 'as CONNECTED',
    'The connection to the server was lost while the operation ran on the server. It goes on there; Reload shows when it is done.':
      "JobConnectionLostError's message (shared/ui/server-job JOB_CONNECTION_LOST), said by common/server-job/model/messages.ts jobFailure",
  },
  'software-repository': {
    'CELOS OS (aarch64)':
      "t(REPOSITORY_LABELS[dt]): features/repository/components/software-repository.tsx, the device-type select's options (shared/domain/device-types, plain strings)",
    'CELOS OS (IPC x64)': 'as CELOS OS (aarch64)',
    IoTconnector: 'as CELOS OS (aarch64)',
    'Password must be at minimum 8 characters and maximum 63 characters. Only ASCII values between index 32-126 are allowed.':
      "PASSWORD_MESSAGE (shared/domain/validators, a plain string): features/repository/model/package-form.ts's password error, said by form-fields.tsx t(error)",
  },
  'device-profiles': {
    'CELOS OS (aarch64)':
      "t(d.label) and t(deviceTypeLabel(type)): features/device-profiles/components/profile-fields.tsx and profile-list-page.tsx, REPOSITORY_LABELS of shared/domain/device-types (plain strings)",
    'CELOS OS (IPC x64)': 'as CELOS OS (aarch64)',
    IoTconnector: 'as CELOS OS (aarch64)',
  },
};

describe.each(['dashboard-widgets', 'mobile-router', 'connection-checks', 'device-operations', 'software-repository', 'device-profiles'])('namespace %s uses every key it defines', (id) => {
  const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  /** The msg('…') texts of the named constants a shared module exports. */
  const sharedTexts = (module: string, names: string[]) => {
    const base = path.join(root, module.replace(/^@shared\//, 'shared/'));
    const file = ['.ts', '.tsx'].map((x) => base + x).find((f) => fs.existsSync(f));
    if (!file) return [];
    return parse(file).statements.filter(ts.isVariableStatement).flatMap((st) =>
      st.declarationList.declarations.flatMap((d) => {
        const call = d.initializer;
        if (!ts.isIdentifier(d.name) || !names.includes(d.name.text) || !call || !ts.isCallExpression(call) || call.expression.getText() !== 'msg') return [];
        const [arg] = call.arguments;
        return arg && ts.isStringLiteral(arg) ? [arg.text] : [];
      }),
    );
  };
  const texts = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        const visit = (n: ts.Node) => {
          if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) texts.add(n.text);
          if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && n.moduleSpecifier.text.startsWith('@shared/')) {
            const bindings = n.importClause?.namedBindings;
            if (bindings && ts.isNamedImports(bindings)) sharedTexts(n.moduleSpecifier.text, bindings.elements.map((b) => (b.propertyName ?? b.name).text)).forEach((k) => texts.add(k));
          }
          ts.forEachChild(n, visit);
        };
        visit(parse(p));
      }
    }
  };
  walk(path.join(root, 'plugins', id));
  const en = bundle(path.join(root, 'plugins', id, 'locales'), 'en');

  it('reads its code', () => {
    expect(texts.size).toBeGreaterThan(20);
    expect(Object.keys(en).length).toBeGreaterThan(5);
  });

  it('has no key its code does not use', () => {
    const plural = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
    const throughData = REACHED_THROUGH_DATA[id] ?? {};
    expect(Object.keys(en).filter((k) => !texts.has(k) && !texts.has(plural(k)) && !(plural(k) in throughData))).toEqual([]);
  });

  it('lists only keys it defines and does not use as a literal among those reached through data', () => {
    expect(Object.keys(REACHED_THROUGH_DATA[id] ?? {}).filter((k) => !(k in en) || texts.has(k))).toEqual([]);
  });
});

/**
 * "Rollout" is neuter in German ("das Rollout", as the platform's own German has it): no German
 * text of any plugin or of shared/ui declines it as masculine, and a paused rollout reads
 * "Pausiert" (word) beside its PAUSIERT badge.
 */
describe('German rollouts', () => {
  const german = NAMESPACES.flatMap((n) => Object.entries(bundle(n.locales, 'de')).map(([key, text]) => ({ ns: n.ns, key, text })));
  it('says "das Rollout", never a masculine "der/den/einen/diesen Rollout"', () => {
    expect(german.some((e) => /\bRollout/.test(e.text))).toBe(true);
    // Singular only ("des Rollouts", "dem Rollout" and plurals "der/den Rollouts" are neuter or plural
    // too), not a compound's first part ("der Rollout-Liste").
    const masculine = /\b(der|den|einen|keinen|diesen|dieser|jeden|jeder|welchen)\s+(\p{L}+\s+)?(Software-)?Rollout(?![-\p{L}])/iu;
    expect(['der Rollout', 'Den Software-Rollout', 'einen neuen Rollout'].every((t) => masculine.test(t))).toBe(true);
    expect(['das Rollout', 'des Rollouts', 'dem Rollout', 'den Rollouts', 'der Rollout-Liste'].some((t) => masculine.test(t))).toBe(false);
    expect(german.filter((e) => masculine.test(e.text)).map((e) => `${e.ns}: ${e.text}`)).toEqual([]);
  });

  it('writes a paused rollout "Pausiert" as a word and PAUSIERT as its badge', () => {
    const repo = bundle(path.join(root, 'plugins', 'software-repository', 'locales'), 'de');
    expect(repo.PAUSED).toBe('PAUSIERT');
    expect(repo['Paused:']).toBe('Pausiert:');
  });
});

/**
 * German as the platform says it: where the platform's own translations (@c8y/ngx-components'
 * de.po) have the same English text, ours is the platform's German, so a text reads the same in
 * our screens and in the platform's around them. The exceptions are deliberate, each with its reason.
 */
describe('German as the platform says it', () => {
  const DIFFERENT_ON_PURPOSE: Record<string, string> = {
    ACKNOWLEDGED: 'status and severity codes read as words, not in the capitals the platform shows',
    ACTIVE: 'as ACKNOWLEDGED',
    CLEARED: 'as ACKNOWLEDGED',
    CRITICAL: 'as ACKNOWLEDGED',
    MAJOR: 'as ACKNOWLEDGED',
    MINOR: 'as ACKNOWLEDGED',
    WARNING: 'as ACKNOWLEDGED',
    Activate: "pairs with 'Deaktivieren' (updates by device profile)",
    Enabled: "a state, paired with 'Deaktiviert'",
    Disabled: "a state, paired with 'Aktiviert'",
    Image: 'the image version of a device, not a picture (Bild)',
    Mobile: 'the mobile network of a router (Mobilfunk)',
    Revision: 'the hardware revision, not a version',
    Scope: "the Azure DPS scope id's technical name",
    'Registration date': "the platform's text ends in a space",
    Remove: 'takes an entry out of a list; nothing is deleted (Löschen is Delete)',
    Restart: 'a button: the verb',
    Archive: 'a button: the verb',
    Pause: 'a button: the verb',
    Start: 'a button: the verb',
    Success: 'a device state in a rollout',
    Number: 'a figure (Zahl) a widget shows',
    Identity: "the dev shell's stand-in of the platform tab; its German label is kept short",
    Logs: 'as Identity',
    'You are about to leave this page and discard the changes made. Do you want to proceed?': "the platform's German misspells 'fortfahren'",
  };
  const po = path.join(root, 'shell-dev', 'platform-shell', 'node_modules', '@c8y', 'ngx-components', 'locales', 'de.po');
  const platform = new Map<string, string>();
  for (const m of fs.readFileSync(po, 'utf8').matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) {
    if (m[2]) platform.set(JSON.parse(`"${m[1]}"`) as string, JSON.parse(`"${m[2]}"`) as string);
  }
  const files = [
    ...NAMESPACES.map((n) => n.locales),
    ...['', 'dashboard', 'pages'].map((d) => path.join(root, 'shell-dev', 'app', d, 'locales')),
  ].flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f === 'de.json' || f.endsWith('.de.json')).map((f) => path.join(dir, f)) : []));

  it('reads the platform translations', () => {
    expect(platform.get('Cancel')).toBe('Abbrechen');
    expect(files.length).toBeGreaterThan(8);
  });

  it.each(files.map((f) => [path.relative(root, f), f]))('%s', (_name, file) => {
    const de = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    const differ = Object.entries(de)
      .filter(([k, v]) => platform.has(k) && platform.get(k) !== v && !(k in DIFFERENT_ON_PURPOSE))
      .map(([k, v]) => `${k}: ours "${v}", the platform's "${platform.get(k)}"`);
    expect(differ).toEqual([]);
  });
});

/**
 * One German per English text: a text that several namespaces (plugins/*, shared/ui) translate
 * reads the same in all of them ("AVAILABLE" was "Verfügbar" on the dashboard and "Online" in the
 * device list), and texts that differ only in case or end punctuation ("No alarms to display" and
 * "No alarms to display.") read the same too. The exceptions mean different things by context,
 * each with its reason.
 */
describe('One German per English text', () => {
  const SAME_TEXT_DIFFERENT_MEANING: Record<string, string> = {
    success: "connection checks' column of whether a check succeeded (Erfolg), not a rollout device's state (Erfolgreich)",
    filter: "the column filter's name (Filter), not the placeholder asking to filter (Filtern…)",
  };
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  /** Key -> its German per file, and its English text (a code such as AVAILABLE reads "Online"). */
  const texts = new Map<string, { file: string; de: string }[]>();
  const english = new Map<string, string>();
  for (const n of NAMESPACES) {
    if (!fs.existsSync(n.locales)) continue;
    for (const f of fs.readdirSync(n.locales).filter((name) => name === 'de.json' || name.endsWith('.de.json'))) {
      const file = path.relative(root, path.join(n.locales, f));
      const en = read(path.join(n.locales, f.replace(/de\.json$/, 'en.json')));
      for (const [k, v] of Object.entries(read(path.join(n.locales, f)))) {
        texts.set(k, [...(texts.get(k) ?? []), { file, de: v }]);
        english.set(k, en[k] ?? k);
      }
    }
  }
  const listed = (k: string) => (texts.get(k) ?? []).map((e) => `${e.file}: "${e.de}"`).join(', ');

  it('reads texts in several namespaces', () => {
    expect([...texts.values()].filter((e) => e.length > 1).length).toBeGreaterThan(20);
  });

  it('gives a text the same German in every namespace', () => {
    const differ = [...texts.entries()].filter(([, e]) => new Set(e.map((x) => x.de)).size > 1).map(([k]) => `${k}: ${listed(k)}`);
    expect(differ).toEqual([]);
  });

  it('gives English texts that differ only in case or end punctuation the same German (but for case and that punctuation)', () => {
    const fold = (s: string) => s.toLowerCase().replace(/[\s.:!?…]+$/, '');
    const groups = new Map<string, string[]>();
    for (const k of texts.keys()) {
      const folded = fold(english.get(k) ?? k);
      groups.set(folded, [...(groups.get(folded) ?? []), k]);
    }
    const differ = [...groups.entries()]
      .filter(([folded, keys]) => keys.length > 1 && !(folded in SAME_TEXT_DIFFERENT_MEANING) && new Set(keys.flatMap((k) => texts.get(k)!.map((e) => fold(e.de)))).size > 1)
      .map(([, keys]) => keys.map((k) => `${k}: ${listed(k)}`).join(' | '));
    expect(differ).toEqual([]);
  });
});
