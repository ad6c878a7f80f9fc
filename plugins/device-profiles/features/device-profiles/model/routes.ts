/** Spec 2, section 9: the profile UI route base; the detail page is {base}/{id}. */
export const PROFILE_ROUTE_BASE = '/device-profiles-v2';
