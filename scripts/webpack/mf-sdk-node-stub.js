// Browser builds only: the federation SDK's Node script loader (vm, fs, fetch of remote code) is
// never called in a browser, but the SDK's index imports it. Replacing it keeps ~3 kB gzip out of
// every remote entry (issue 2 budget: 10 kB).
function unavailable() {
  throw new Error('Module Federation Node loader is not available in browser builds');
}
export const createScriptNode = unavailable;
export const loadScriptNode = unavailable;
