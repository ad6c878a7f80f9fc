/**
 * Drops the platform stylesheet's rules that cannot match anything this bundle renders.
 *
 * The compiled @c8y/style is 1.2 MB: every component of the platform's Angular UI and 1,900 icon
 * classes. The browser parses all of it, and every style recalculation (AG Grid forces several
 * while it measures its theme) matches elements against all of it. A rule that needs a class can
 * only match when some code puts that class on an element, and every element here comes from this
 * repository's sources or from AG Grid. So a selector is kept when each class it requires is
 * - a word of the sources (plugins/, shared/, shell-dev/app/: class names are written as plain
 *   strings there), or
 * - AG Grid's (`ag-` prefix), or
 * - built at run time from a prefix the sources write before `${` (`alert-${kind}`): every class
 *   of such a prefix is kept, except icons (`dlt-c8y-icon-${name}`), whose names must be words of
 *   the sources too (`icon: 'bell'`); the older font's `c8y-icon-${name}` is kept for a word
 *   `c8y-${name}` (`icon: 'c8y-group'`, as the platform's c8yIcon directive reads it).
 * Classes inside :not(), :is(), :where() and :has() do not count (a :not() rule matches without
 * them); element, attribute and id selectors, @font-face, @keyframes and custom properties stay.
 * CommonJS, so both the build (ESM) and jest can load it.
 */
const fs = require('node:fs');
const path = require('node:path');
const postcss = require('postcss');
const selectorParser = require('postcss-selector-parser');

const ALWAYS_KEPT_PREFIXES = ['ag-'];
const ICON_PREFIX = 'dlt-c8y-icon-';
/** The platform's older icon font: c8yIcon turns a name `c8y-group` into class `c8y-icon-group`. */
const C8Y_ICON_PREFIX = 'c8y-icon-';
const SOURCE_EXTENSIONS = /\.(tsx?|html|css)$/;
const PSEUDOS_NOT_REQUIRING = new Set([':not', ':is', ':where', ':has', ':matches', ':-webkit-any', ':-moz-any']);

/** Every word and every run-time class prefix of the given source texts. */
function usageOf(sourceTexts) {
  const words = new Set();
  const prefixes = new Set();
  const customProperties = new Set();
  for (const text of sourceTexts) {
    for (const m of text.matchAll(/--[A-Za-z_][\w-]*/g)) customProperties.add(m[0]);
    for (const m of text.matchAll(/[A-Za-z_][\w-]*/g)) words.add(m[0]);
    for (const m of text.matchAll(/([A-Za-z_][\w-]*-)\$\{/g)) prefixes.add(m[1]);
    for (const m of text.matchAll(/([A-Za-z_][\w-]*-)['"`]\s*\+/g)) prefixes.add(m[1]);
  }
  return { words, prefixes: [...prefixes], customProperties };
}

function classIsUsed(name, usage) {
  if (usage.words.has(name)) return true;
  if (ALWAYS_KEPT_PREFIXES.some((p) => name.startsWith(p))) return true;
  if (name.startsWith(ICON_PREFIX)) return usage.words.has(name.slice(ICON_PREFIX.length));
  if (name.startsWith(C8Y_ICON_PREFIX)) return usage.words.has(`c8y-${name.slice(C8Y_ICON_PREFIX.length)}`);
  return usage.prefixes.some((p) => name.startsWith(p));
}

/** Whether one selector (of a list) can match: every class it requires is used. */
function selectorCanMatch(selector, usage) {
  let ok = true;
  selector.walkClasses((cls) => {
    if (!ok) return false;
    for (let p = cls.parent; p && p.type !== 'root'; p = p.parent) {
      if (p.type === 'pseudo' && PSEUDOS_NOT_REQUIRING.has(p.value.toLowerCase())) return undefined;
    }
    if (!classIsUsed(cls.value, usage)) ok = false;
    return undefined;
  });
  return ok;
}

/**
 * The stylesheet without the rules (and selectors of rule lists) no element can match, and what
 * was dropped.
 */
function purgeCss(css, sourceTexts) {
  const usage = usageOf(sourceTexts);
  const root = postcss.parse(css);
  let rulesBefore = 0;
  let rulesDropped = 0;
  root.walkRules((rule) => {
    // Keyframe steps (from, 50%) are not selectors.
    if (rule.parent && rule.parent.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return;
    rulesBefore++;
    let kept;
    try {
      kept = [];
      selectorParser((selectors) => {
        selectors.each((s) => {
          if (selectorCanMatch(s, usage)) kept.push(s.toString().trim());
        });
      }).processSync(rule.selector);
    } catch {
      return; // a selector the parser does not know: keep the rule as it is
    }
    if (kept.length === 0) {
      rule.remove();
      rulesDropped++;
    } else if (kept.length < rule.selectors.length) {
      rule.selector = kept.join(',');
    }
  });
  const varsDropped = dropUnusedCustomProperties(root, usage);
  // Blocks left empty (@media, @supports, @layer) go too.
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0 && !/^(font-face|page)$/i.test(at.name)) {
        at.remove();
        emptied = true;
      }
    });
  }
  const out = root.toString();
  return { css: out, rulesBefore, rulesDropped, varsDropped, bytesBefore: css.length, bytesAfter: out.length };
}

const VAR_REF = /var\(\s*(--[\w-]+)/g;

/**
 * Custom properties nobody reads: every element inherits the ~2,000 the design system declares
 * on :root. Read means named in var() by a declaration left after the purge, by the definition
 * of a property that is read, or anywhere in the sources (inline styles, getPropertyValue).
 * AG Grid's own (--ag-*) stay: its theme, injected at run time, reads them.
 */
function dropUnusedCustomProperties(root, usage) {
  const definitions = new Map();
  const read = new Set(usage.customProperties);
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--')) {
      if (!definitions.has(decl.prop)) definitions.set(decl.prop, []);
      definitions.get(decl.prop).push(decl);
    } else {
      for (const m of decl.value.matchAll(VAR_REF)) read.add(m[1]);
    }
  });
  const pending = [...read];
  while (pending.length) {
    const name = pending.pop();
    for (const decl of definitions.get(name) ?? []) {
      for (const m of decl.value.matchAll(VAR_REF)) {
        if (!read.has(m[1])) {
          read.add(m[1]);
          pending.push(m[1]);
        }
      }
    }
  }
  let dropped = 0;
  for (const [name, decls] of definitions) {
    if (read.has(name) || name.startsWith('--ag-')) continue;
    for (const decl of decls) decl.remove();
    dropped++;
  }
  // Rules left without declarations go as well.
  root.walkRules((rule) => {
    if (rule.nodes && rule.nodes.length === 0) rule.remove();
  });
  return dropped;
}

function* sourceFiles(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sourceFiles(p);
    else if (SOURCE_EXTENSIONS.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield p;
  }
}

/** The texts of the sources whose elements the stylesheet styles (tests left out). */
function readSources(root, dirs) {
  const texts = [];
  for (const d of dirs) for (const f of sourceFiles(path.join(root, d))) texts.push(fs.readFileSync(f, 'utf8'));
  return texts;
}

module.exports = { purgeCss, readSources };
