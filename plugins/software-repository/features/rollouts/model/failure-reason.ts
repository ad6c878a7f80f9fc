import type { RolloutDevice, RolloutPauseReason, RolloutReasonCode } from '@shared/platform/create-software-ng';
import { msg } from '@shared/plugin-api/i18n';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The rollout engine's reasons per device in the page's language, by code; each key names the
 * values its text needs (the server's failureReasonParams). The English keys are the server's texts.
 */
const REASON_TEXT: Record<RolloutReasonCode, { key: string; params?: readonly string[] }> = {
  noAnswer: { key: msg('no answer from device') },
  cancelledBeforeStart: { key: msg('Software rollout cancelled before the device started') },
  cancelledNotSent: { key: msg('Software rollout cancelled before this device was sent') },
  unavailable: { key: msg('The device was unavailable when its batch was sent') },
  deviceGone: { key: msg('The device no longer exists') },
  wrongDeviceType: { key: msg('Device type {{deviceType}} does not take {{softwareDeviceType}} software'), params: ['deviceType', 'softwareDeviceType'] },
  versionReplaced: { key: msg('Version {{installed}} replaced {{expected}} on the device'), params: ['installed', 'expected'] },
  entryRemoved: { key: msg('The package entry was removed from the device') },
  notSent: { key: msg('Could not be sent: {{error}}'), params: ['error'] },
  operationFailed: { key: msg('The operation failed') },
  startedBeforeCancel: { key: msg('Started before the rollout was cancelled; its result is not followed') },
};

/**
 * A device's failure reason as the user reads it: an engine reason with a known code (and every
 * value its text needs) translated; otherwise the server's text as it is (`translated` false): the
 * device's own text (the platform does not translate device texts), a code this console does not
 * know, or a result stored before codes existed.
 */
export function failureReasonText(d: Pick<RolloutDevice, 'failureReason' | 'failureReasonCode' | 'failureReasonParams'>, t: Translate): { text: string; translated: boolean } {
  const known = d.failureReasonCode ? REASON_TEXT[d.failureReasonCode] : undefined;
  const params = d.failureReasonParams ?? {};
  if (!known || !(known.params ?? []).every((p) => params[p] !== undefined && params[p] !== null)) return { text: d.failureReason ?? '', translated: false };
  return { text: t(known.key, { ...params }), translated: true };
}

const PAUSE_TITLE: Record<string, string> = {
  errorThreshold: msg('Paused: error threshold passed.'),
  pauseLimit: msg('Paused: automatic pause limit reached.'),
  manual: msg('Paused:'),
};

/** Why a rollout is paused, title and text, by its code with its values; a reason this console does not know: the server's message. */
export function pauseReasonText(p: RolloutPauseReason, t: Translate): { title: string; text: string } {
  const title = t(PAUSE_TITLE[p.reason] ?? PAUSE_TITLE.manual);
  if (p.reason === 'errorThreshold' && p.failed !== undefined && p.processed !== undefined && p.errorThresholdPercent !== undefined) {
    return {
      title,
      text: t('{{failed, number}} of {{processed, number}} processed devices failed, more than the error threshold of {{threshold}} %. Look at the failed devices, then start to go on or cancel.', {
        failed: p.failed,
        processed: p.processed,
        threshold: p.errorThresholdPercent,
        count: p.processed,
      }),
    };
  }
  if (p.reason === 'pauseLimit' && p.failed !== undefined && p.limit !== undefined) {
    return { title, text: t('{{failed, number}} devices failed: the automatic pause limit {{limit, number}} is reached. Start to go on or cancel.', { failed: p.failed, limit: p.limit, count: p.failed }) };
  }
  if (p.reason === 'manual') return { title, text: p.user ? t('Paused by {{user}}.', { user: p.user }) : t('Paused by a user.') };
  return { title, text: p.message };
}
