/**
 * What a live screen shows while its realtime updates are interrupted or refused (a failure is
 * never silent): a compact warning, read out by screen readers. Interrupted: gone when the
 * connection works again (the screen's data is read again then). Refused (the server would not
 * subscribe a channel: no permission to read it, or a channel it does not serve): until the
 * screen leaves or a later subscribe works. Nothing while the screen is not live (its Realtime
 * switch is off: the user asked for no live updates).
 */
import React from 'react';
import { msg } from '../plugin-api/i18n';
import { useRealtimeInterrupted, useRealtimeRefused } from '../platform/react';
import type { RealtimeClient, RealtimeRefusal } from '../platform/realtime';
import { cx } from './cx';
import { Icon } from './icon';
import { useSharedTranslation } from './i18n';

export const REALTIME_INTERRUPTED = msg('Realtime updates interrupted. Trying to reconnect…');
export const REALTIME_REFUSED = msg('Realtime updates are not available here: {{reasons}}.');
/** The reason of a refusal with Bayeux error code 403. */
export const REALTIME_REFUSED_FORBIDDEN = msg('your user has no permission to read this data');
/** The reason of any other refusal: the server's message. */
export const REALTIME_REFUSED_OTHER = msg('the server refused them ({{message}})');

/** A Bayeux error `code:args:message` (e.g. `403:/alarms/7:Access is denied`): its code and message. */
function parseBayeuxError(error: string): { code: string; message: string } {
  const m = /^(\d{3}):[^:]*:(.*)$/s.exec(error);
  return m ? { code: m[1], message: m[2].trim() || error } : { code: '', message: error };
}

function useRefusalText(refusals: readonly RealtimeRefusal[]): string | undefined {
  const t = useSharedTranslation();
  if (refusals.length === 0) return undefined;
  const reasons = new Set(
    refusals.map((r) => {
      const { code, message } = parseBayeuxError(r.error);
      return code === '403' ? t(REALTIME_REFUSED_FORBIDDEN) : t(REALTIME_REFUSED_OTHER, { message, interpolation: { escapeValue: false } });
    }),
  );
  return t(REALTIME_REFUSED, { reasons: [...reasons].join('; '), interpolation: { escapeValue: false } });
}

/** `className`: of the warning, when shown (e.g. its margin to what follows). */
export function RealtimeStatus({ live = true, client, className }: { live?: boolean; client?: RealtimeClient; className?: string }) {
  const t = useSharedTranslation();
  const interrupted = useRealtimeInterrupted(client);
  const refused = useRefusalText(useRealtimeRefused(client));
  // The live region stays in the page, so the text is announced when it appears. Empty, it is out
  // of the flow: a toolbar's flex gap would otherwise leave room for it beside the switch. The icon
  // has the warning colour, the text the page's (warning orange on white is too faint to read).
  // Interrupted comes first: a new session subscribes every channel again.
  const text = !live ? undefined : interrupted ? t(REALTIME_INTERRUPTED) : refused;
  return (
    <span role="status" data-testid="realtime-status" style={text ? undefined : { position: 'absolute' }}>
      {text && (
        <span className={cx('d-inline-flex a-i-center', className)} data-testid={interrupted ? 'realtime-interrupted' : 'realtime-refused'}>
          <Icon name="exclamation-triangle" className="text-warning m-r-4" />
          {text}
        </span>
      )}
    </span>
  );
}
