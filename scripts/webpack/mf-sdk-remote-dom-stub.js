// Remote entries only: script and link injection belong to the host's runtime (externalRuntime);
// a remote loads its own chunks through webpack's JSONP loader. The two helpers the bundler
// runtime does use are kept as they are in @module-federation/sdk/dist/dom.js.
export async function safeWrapper(callback, disableWarn) {
  try {
    return await callback();
  } catch (e) {
    if (!disableWarn) console.warn('[Module Federation]', e);
    return undefined;
  }
}
export function isStaticResourcesEqual(url1, url2) {
  const REG_EXP = /^(https?:)?\/\//i;
  return url1.replace(REG_EXP, '').replace(/\/$/, '') === url2.replace(REG_EXP, '').replace(/\/$/, '');
}
function unavailable() {
  throw new Error('Module Federation script loading is not available in a remote entry (the host runtime provides it)');
}
export const createScript = unavailable;
export const createLink = unavailable;
export const loadScript = unavailable;
