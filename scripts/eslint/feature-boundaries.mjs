// Lint rule: inside a plugin, a feature folder (plugins/<p>/features/<f>/) imports no other feature
// (CONVENTIONS.md: "No cross-feature imports inside a plugin; compose at the plugin's plugin.ts /
// pages"). Code two features share lives in plugins/<p>/common/. Relative imports are resolved
// against the importing file, so '../../other/x' is caught however deep the file sits.
import path from 'node:path';

const FEATURE = /^(.*[\\/]plugins[\\/][^\\/]+[\\/]features[\\/])([^\\/]+)[\\/]/;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'A plugin feature imports no other feature of the plugin' },
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}': compose features in plugin.ts or pages/, or move what both need to the plugin's common/ folder (CONVENTIONS.md).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = FEATURE.exec(file);
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source) + path.sep;
      if (!target.startsWith(own[1])) return;
      const to = target.slice(own[1].length).split(/[\\/]/)[0];
      if (to && to !== own[2]) context.report({ node: node.source, messageId: 'crossFeature', data: { from: own[2], to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'feature-boundaries': rule } };
