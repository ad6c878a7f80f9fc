/**
 * The tabs' Realtime switch (spec 2): on, the table follows the live device; off, it holds what
 * it showed until a Reload, which shows what it read and then holds that.
 */
import { useEffect, useState } from 'react';

export interface RealtimeHold<T> {
  realtime: boolean;
  /** What the table shows. */
  shown: T;
  toggle(): void;
  /** Call after a Reload: the next value is shown, then held. */
  release(): void;
  /** The user's own change of the held value (it shows although Realtime is off). */
  change(update: (held: T) => T): void;
}

export function useRealtimeHold<T>(live: T): RealtimeHold<T> {
  const [realtime, setRealtime] = useState(true);
  const [held, setHeld] = useState<{ value: T } | null>(null);
  // Released while off (a Reload): hold what is live now, not whatever comes after.
  useEffect(() => {
    if (!realtime && !held) setHeld({ value: live });
  }, [realtime, held, live]);
  return {
    realtime,
    shown: realtime || !held ? live : held.value,
    toggle: () => {
      setHeld(realtime ? { value: live } : null);
      setRealtime(!realtime);
    },
    release: () => setHeld(null),
    change: (update) => setHeld((h) => (h ? { value: update(h.value) } : h)),
  };
}
