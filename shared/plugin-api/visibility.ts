/** Whether a contribution's `visible(ctx)` lets the current user see it; one rule for both hosts. */
import type { PlatformContext } from './types';

interface MaybeVisible {
  id: string;
  pluginId: string;
  visible?: (ctx: PlatformContext) => boolean;
}

/**
 * A `visible` that throws hides its entry (showing what a plugin could not decide about would
 * offer a screen the user may not have), and the log names the plugin and contribution, so the
 * missing entry can be traced to its cause.
 */
export function isVisibleTo(c: MaybeVisible, ctx: PlatformContext): boolean {
  if (!c.visible) return true;
  try {
    return c.visible(ctx);
  } catch (e) {
    console.error(`plugin ${c.pluginId}: visible() of ${c.id} failed, so it is hidden`, e);
    return false;
  }
}
