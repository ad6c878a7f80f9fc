/**
 * Inlined at the top of the shell's index.html by the build (webpack.config.ts, shell-early): the
 * session and the tenant's plugin set are asked for, and the start route's plugin preloaded,
 * while the page's stylesheet and scripts still download. A bundle of its own, without the
 * federation runtime, about 4 kB gzip (bench/device-list.bench.ts counts it in the JS before the
 * first rows).
 */
import manifest from '../../manifest.json';
import { startEarly } from './api/early';
import type { BundleManifest } from './plugin-host/enabled';

startEarly(manifest as BundleManifest);
