import type { ActionBarContext, Contribution, ContributionKind, PluginDefinition, Registered } from './types';

const KINDS: readonly ContributionKind[] = ['navigator-node', 'route', 'device-tab', 'widget', 'dashboard', 'action-bar-item'];
const ACTION_BAR_CONTEXTS: readonly ActionBarContext[] = ['device', 'group'];
const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export interface ValidationResult {
  pluginId: string;
  accepted: Registered[];
  /** One message per rejected contribution or plugin-level problem, naming the plugin. */
  errors: string[];
}

const isFn = (v: unknown): boolean => typeof v === 'function';
const isStr = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isCount = (v: unknown, max = Number.MAX_SAFE_INTEGER): boolean => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;
/** A widget's default size: whole grid cells, at most the dashboard's 12 columns wide. */
const validSize = (v: unknown): boolean => typeof v === 'object' && v !== null && isCount((v as { width?: unknown }).width, 12) && isCount((v as { height?: unknown }).height);

function contributionProblems(c: Contribution): string[] {
  const p: string[] = [];
  if (!isStr(c.id)) p.push('id missing');
  if (typeof c.priority !== 'number' || Number.isNaN(c.priority)) p.push('priority must be a number');
  switch (c.kind) {
    case 'navigator-node':
      if (!isStr(c.label)) p.push('label missing');
      if (c.visible !== undefined && !isFn(c.visible)) p.push('visible must be a function');
      break;
    case 'route':
      if (!isStr(c.path) || !c.path.startsWith('/')) p.push("path must start with '/'");
      if (!isFn(c.loader)) p.push('loader must be a function');
      break;
    case 'device-tab':
      if (!isStr(c.path) || c.path.includes('/')) p.push('path must be one segment');
      if (!isStr(c.label)) p.push('label missing');
      if (!isFn(c.loader)) p.push('loader must be a function');
      if (c.filter !== undefined && !isFn(c.filter)) p.push('filter must be a function');
      break;
    case 'widget':
      if (!isStr(c.label)) p.push('label missing');
      if (typeof c.description !== 'string') p.push('description missing');
      if (!isFn(c.loader) || !isFn(c.configLoader)) p.push('loader and configLoader must be functions');
      if (!isFn(c.validateConfig)) p.push('validateConfig must be a function');
      if (c.prefetch !== undefined && !isFn(c.prefetch)) p.push('prefetch must be a function');
      if (typeof c.defaultConfig !== 'object' || c.defaultConfig === null) p.push('defaultConfig must be an object');
      if (c.defaultSize !== undefined && !validSize(c.defaultSize)) p.push('defaultSize must be { width: 1-12, height: 1 or more } whole cells');
      break;
    case 'dashboard':
      if (!isStr(c.name)) p.push('name missing');
      if (!isStr(c.path) || !c.path.startsWith('/')) p.push("path must start with '/'");
      if (!Array.isArray(c.defaultWidgets)) p.push('defaultWidgets must be a list');
      break;
    case 'action-bar-item':
      if (!ACTION_BAR_CONTEXTS.includes(c.context)) p.push(`context must be one of ${ACTION_BAR_CONTEXTS.join(', ')}`);
      if (!isStr(c.label)) p.push('label missing');
      if (!isFn(c.loader)) p.push('loader must be a function');
      if (c.visible !== undefined && !isFn(c.visible)) p.push('visible must be a function');
      break;
    default:
      p.push(`unknown kind '${String((c as { kind?: unknown }).kind)}' (known: ${KINDS.join(', ')})`);
  }
  return p;
}

/**
 * Checks what a plugin registers: malformed contributions are dropped and reported with the
 * plugin's name, the rest is accepted (fault isolation at registration).
 */
export function validatePlugin(expectedId: string, value: unknown): ValidationResult {
  const result: ValidationResult = { pluginId: expectedId, accepted: [], errors: [] };
  const plugin = value as Partial<PluginDefinition> | null;
  if (!plugin || typeof plugin !== 'object') {
    result.errors.push(`Plugin ${expectedId}: the exposed module has no plugin definition as default export`);
    return result;
  }
  if (plugin.id !== expectedId || !PLUGIN_ID.test(String(plugin.id))) {
    result.errors.push(`Plugin ${expectedId}: declares id '${String(plugin.id)}'`);
    return result;
  }
  if (!Array.isArray(plugin.contributions)) {
    result.errors.push(`Plugin ${expectedId}: contributions must be a list`);
    return result;
  }
  const seen = new Set<string>();
  for (const c of plugin.contributions as Contribution[]) {
    const problems = c && typeof c === 'object' ? contributionProblems(c) : ['not an object'];
    // The id names its kind and plugin, so no plugin can register (and so replace) another's contribution.
    if (c && isStr(c.id) && !c.id.startsWith(`${String(c.kind)}:${expectedId}/`)) problems.push(`id must be '${String(c.kind)}:${expectedId}/<name>'`);
    if (c && seen.has(c.id)) problems.push('duplicate id within the plugin');
    if (problems.length) {
      result.errors.push(`Plugin ${expectedId}: contribution '${String(c?.id)}' rejected: ${problems.join('; ')}`);
      continue;
    }
    seen.add(c.id);
    result.accepted.push(Object.freeze({ ...c, pluginId: expectedId }) as Registered);
  }
  return result;
}
