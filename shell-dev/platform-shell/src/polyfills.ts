// As the platform's apps: fewer zone.js patches on high-frequency events, less change detection.
(window as unknown as Record<string, unknown>)['__Zone_disable_requestAnimationFrame'] = true;
(window as unknown as Record<string, unknown>)['__zone_symbol__BLACK_LISTED_EVENTS'] = ['scroll', 'mousemove', 'message'];
import 'zone.js';
