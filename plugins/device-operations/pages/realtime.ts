/**
 * Realtime for the device tabs (spec 7: /operations/{id}, /operations/{deviceId},
 * /managedobjects/{id}) on the page's one shared connection. Features receive `subscribe` as a
 * prop, so they can be tested with a fake channel; the pages' hooks take `realtimeClient()`.
 */
import { getRealtime, subscribe as sharedSubscribe, type RealtimeClient, type RealtimeMessage } from '@shared/platform/realtime';

export type { RealtimeMessage };
export type Subscribe = <T = unknown>(channel: string, onMessage: (message: RealtimeMessage<T>) => void) => () => void;

export const subscribe: Subscribe = <T,>(channel: string, onMessage: (message: RealtimeMessage<T>) => void) =>
  sharedSubscribe<T>(channel, (message) => onMessage(message));

/** Calls the listener each time the page's realtime connection works again after an interruption. */
export const onResume = (listener: () => void): (() => void) => getRealtime().onResume(listener);

/** The page's one realtime connection. */
export const realtimeClient = (): RealtimeClient => getRealtime();
