import manifest from '../../manifest.json';
import { earlyStarted, startEarly } from './api/early';
import type { BundleManifest } from './plugin-host/enabled';

// index.html's inline script (early-start.ts) has normally asked for the session and the tenant's
// plugin set already; a page without it (a hand-written host page) asks now.
if (!earlyStarted()) startEarly(manifest as BundleManifest);

// The async boundary lets the federation runtime negotiate shared modules before any of them
// is used (STACK.md trap 7).
import('./bootstrap');
