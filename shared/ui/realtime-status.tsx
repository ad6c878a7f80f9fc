/**
 * What a live screen shows while its realtime updates are interrupted (a failure is never
 * silent): a compact warning, read out by screen readers, gone when the connection works again
 * (the screen's data is read again then). Nothing while the screen is not live (its Realtime
 * switch is off: the user asked for no live updates).
 */
import React from 'react';
import { msg } from '../plugin-api/i18n';
import { useRealtimeInterrupted } from '../platform/react';
import type { RealtimeClient } from '../platform/realtime';
import { cx } from './cx';
import { Icon } from './icon';
import { useSharedTranslation } from './i18n';

export const REALTIME_INTERRUPTED = msg('Realtime updates interrupted. Trying to reconnect…');

/** `className`: of the warning, when shown (e.g. its margin to what follows). */
export function RealtimeStatus({ live = true, client, className }: { live?: boolean; client?: RealtimeClient; className?: string }) {
  const t = useSharedTranslation();
  const interrupted = useRealtimeInterrupted(client);
  // The live region stays in the page, so the text is announced when it appears. Empty, it is out
  // of the flow: a toolbar's flex gap would otherwise leave room for it beside the switch. The icon
  // has the warning colour, the text the page's (warning orange on white is too faint to read).
  const shown = live && interrupted;
  return (
    <span role="status" data-testid="realtime-status" style={shown ? undefined : { position: 'absolute' }}>
      {shown && (
        <span className={cx('d-inline-flex a-i-center', className)} data-testid="realtime-interrupted">
          <Icon name="exclamation-triangle" className="text-warning m-r-4" />
          {t(REALTIME_INTERRUPTED)}
        </span>
      )}
    </span>
  );
}
