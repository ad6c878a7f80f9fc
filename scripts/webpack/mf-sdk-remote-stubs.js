// Remote entries only: the host provides the federation runtime (externalRuntime), so a remote
// never builds snapshots from manifests nor creates build-time loggers. These stand-ins keep that
// code out of every remote entry (issue 2 budget: 10 kB gzip). The host build keeps the real SDK.
function unavailable() {
  throw new Error('Module Federation SDK function not available in a remote entry (the host runtime provides it)');
}
export const generateSnapshotFromManifest = unavailable;
export const getManifestFileName = unavailable;
export const inferAutoPublicPath = unavailable;
export const isManifestProvider = () => false;
export const simpleJoinRemoteEntry = unavailable;
const quiet = { log() {}, info() {}, warn: (...a) => console.warn('[Module Federation]', ...a), error: (...a) => console.error('[Module Federation]', ...a), debug() {}, success() {}, setPrefix() {}, setDelegate() {} };
export const logger = quiet;
export const createLogger = () => quiet;
export const createInfrastructureLogger = () => quiet;
export const infrastructureLogger = quiet;
export const bindLoggerToCompiler = () => undefined;
