import { msg } from '@shared/plugin-api/i18n';
import type { LastOperations, RouterOperationKind } from './router';

export interface Banner {
  kind: RouterOperationKind;
  level: 'info' | 'danger';
  /** An i18n key (English text); `reason` interpolates into failures. */
  text: string;
  reason?: string;
}

/**
 * What each last operation's status says (spec 4: PENDING and EXECUTING show info banners,
 * FAILED an error banner with the reason). Restart's texts are the spec's; the others follow them.
 */
const TEXTS: Record<RouterOperationKind, { PENDING: string; EXECUTING: string; FAILED: string }> = {
  Restart: {
    PENDING: msg('Waiting for router restart'),
    EXECUTING: msg('Router is restarting.'),
    FAILED: msg('Restart failed. Reason: {{reason}}'),
  },
  UpdateFirmware: {
    PENDING: msg('Waiting for firmware update'),
    EXECUTING: msg('Firmware update is running. This can take up to 5 minutes.'),
    FAILED: msg('Firmware update failed. Reason: {{reason}}'),
  },
  UpdateProfile: {
    PENDING: msg('Waiting for profile update'),
    EXECUTING: msg('Profile update is running. This can take up to 5 minutes.'),
    FAILED: msg('Profile update failed. Reason: {{reason}}'),
  },
  StartMonitoring: {
    PENDING: msg('Waiting for monitoring to start'),
    EXECUTING: msg('Monitoring is starting.'),
    FAILED: msg('Monitoring failed. Reason: {{reason}}'),
  },
};

export function operationBanners(last: LastOperations): Banner[] {
  const banners: Banner[] = [];
  for (const kind of Object.keys(TEXTS) as RouterOperationKind[]) {
    const op = last[kind];
    if (!op || op.status === 'SUCCESSFUL') continue;
    const text = TEXTS[kind][op.status];
    banners.push({ kind, level: op.status === 'FAILED' ? 'danger' : 'info', text, reason: op.status === 'FAILED' ? (op.failureReason ?? '-') : undefined });
  }
  return banners;
}
