/**
 * The global a plugin's remote container is on. The platform UI looks for
 * `window[lodash.camelCase(contextPath)]` (PLATFORM-UI.md); the build names the container so and
 * the dev shell looks it up the same way. Context paths are kebab-case words and digits.
 */
export const containerGlobalName = (contextPath: string): string =>
  contextPath.toLowerCase().replace(/[^a-z0-9]+([a-z0-9])/g, (_m, c: string) => c.toUpperCase()).replace(/[^a-zA-Z0-9]/g, '');
