import manifest from '../../manifest.json';
import { startEarly } from './api/early';
import type { BundleManifest } from './plugin-host/enabled';

// The session and the tenant's plugin set are asked for while the shell's code is still loading.
startEarly(manifest as BundleManifest);

// The async boundary lets the federation runtime negotiate shared modules before any of them
// is used (STACK.md trap 7).
import('./bootstrap');
