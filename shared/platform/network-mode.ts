/**
 * How the page's queries and mutations behave while the browser says it is offline (both hosts'
 * query clients, the plugins' test harness, and queries that set it themselves). A module of its
 * own, without React or realtime: tests that replace the React helpers keep these.
 */

/**
 * The page's query clients' network mode (queries and mutations): a request made while the browser
 * says it is offline is sent and fails with the client's "cannot be reached" message. React Query's
 * default ('online') paused it instead: a screen opened offline showed its spinner for as long as
 * the browser was offline, a Save stayed busy and was sent whenever the network came back.
 */
export const FAIL_WHEN_OFFLINE = { networkMode: 'always' } as const;

/**
 * FAIL_WHEN_OFFLINE for reads, which are asked again when the browser is online again: React Query
 * turns refetchOnReconnect off by default in this network mode, and a screen opened offline then
 * kept its "cannot be reached" until the user pressed Reload.
 */
export const READ_AGAIN_WHEN_ONLINE = { ...FAIL_WHEN_OFFLINE, refetchOnReconnect: true } as const;
