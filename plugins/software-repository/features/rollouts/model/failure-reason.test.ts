import i18next, { type TFunction } from 'i18next';
import type { RolloutDevice, RolloutPauseReason } from '@shared/platform/create-software-ng';
import { I18N_OPTIONS } from '@shared/plugin-api/i18n';
import en from '../../../locales/en.json';
import de from '../../../locales/de.json';
import { failureReasonText, pauseReasonText } from './failure-reason';

async function translator(lng: 'en' | 'de'): Promise<TFunction> {
  const i18n = i18next.createInstance();
  // The page's options: keys are English sentences (no separators on '.' and ':').
  await i18n.init({ ...I18N_OPTIONS, lng, resources: { en: { translation: en }, de: { translation: de } } });
  return i18n.t.bind(i18n);
}
type Reason = Pick<RolloutDevice, 'failureReason' | 'failureReasonCode' | 'failureReasonParams'>;
const coded = (failureReason: string, failureReasonCode: string, failureReasonParams: Record<string, string> | null = null) =>
  ({ failureReason, failureReasonCode, failureReasonParams }) as Reason;

describe('failureReasonText', () => {
  // The English is the server's text (the same for an English user with or without a code).
  it.each([
    [coded('no answer from device', 'noAnswer'), 'keine Antwort vom Gerät'],
    [coded('Software rollout cancelled before the device started', 'cancelledBeforeStart'), 'Software-Rollout abgebrochen, bevor das Gerät begonnen hat'],
    [coded('Software rollout cancelled before this device was sent', 'cancelledNotSent'), 'Software-Rollout abgebrochen, bevor an dieses Gerät gesendet wurde'],
    [coded('The device was unavailable when its batch was sent', 'unavailable'), 'Das Gerät war nicht verfügbar, als sein Batch gesendet wurde'],
    [coded('The device no longer exists', 'deviceGone'), 'Das Gerät existiert nicht mehr'],
    [
      coded('Device type c8y_iotconnectorflex does not take c8y_NETbox software', 'wrongDeviceType', { deviceType: 'c8y_iotconnectorflex', softwareDeviceType: 'c8y_NETbox' }),
      'Gerätetyp c8y_iotconnectorflex nimmt keine Software für c8y_NETbox an',
    ],
    [coded('Version 2.0.0 replaced 1.0.0 on the device', 'versionReplaced', { installed: '2.0.0', expected: '1.0.0' }), 'Version 2.0.0 hat 1.0.0 auf dem Gerät ersetzt'],
    [coded('The package entry was removed from the device', 'entryRemoved'), 'Der Paketeintrag wurde vom Gerät entfernt'],
    [coded('Could not be sent: database is locked', 'notSent', { error: 'database is locked' }), 'Konnte nicht gesendet werden: database is locked'],
    [coded('The operation failed', 'operationFailed'), 'Die Operation ist fehlgeschlagen'],
    [coded('Started before the rollout was cancelled; its result is not followed', 'startedBeforeCancel'), 'Vor dem Abbruch des Rollouts gestartet; sein Ergebnis wird nicht weiter verfolgt'],
  ])('%j: German by its code, English as the server wrote it', async (reason, german) => {
    expect(failureReasonText(reason, await translator('de'))).toEqual({ text: german, translated: true });
    expect(failureReasonText(reason, await translator('en'))).toEqual({ text: reason.failureReason, translated: true });
  });

  it.each([
    ['a device text (no code)', { failureReason: 'HTTP 404 from the store', failureReasonCode: null, failureReasonParams: null }, 'HTTP 404 from the store'],
    ['a row stored before codes (no code fields)', { failureReason: 'Version 2.0.0 replaced 1.0.0 on the device' }, 'Version 2.0.0 replaced 1.0.0 on the device'],
    ['a code this console does not know', coded('Blocked by policy', 'blockedByPolicy'), 'Blocked by policy'],
    ['a code without the values its text needs', coded('Version 2.0.0 replaced 1.0.0 on the device', 'versionReplaced'), 'Version 2.0.0 replaced 1.0.0 on the device'],
    ['no reason', { failureReason: null }, ''],
  ])('%s: the server text as it is', async (_, reason, text) => {
    expect(failureReasonText(reason as Reason, await translator('de'))).toEqual({ text, translated: false });
  });
});

describe('pauseReasonText', () => {
  const pause = (p: Partial<RolloutPauseReason>) => ({ message: 'server text', ...p }) as RolloutPauseReason;

  it.each([
    [pause({ reason: 'manual', user: 'anna' }), 'Pausiert:', 'Pausiert von anna.'],
    [pause({ reason: 'manual', message: 'Paused by a user' }), 'Pausiert:', 'Von einem Benutzer pausiert.'],
    [pause({ reason: 'pauseLimit', failed: 3, limit: 3 }), 'Pausiert: automatische Pausengrenze erreicht.', '3 Geräte sind fehlgeschlagen: die automatische Pausengrenze 3 ist erreicht.'],
    [pause({ reason: 'errorThreshold', failed: 2, processed: 4, errorThresholdPercent: 30 }), 'Pausiert: Fehlerschwelle überschritten.', '2 von 4 verarbeiteten Geräten fehlgeschlagen, mehr als die Fehlerschwelle von 30 %.'],
    // Without the values its text needs, or with a code this console does not know: the server's message.
    [pause({ reason: 'pauseLimit', message: '3 devices failed: automatic pause limit 3 reached.' }), 'Pausiert: automatische Pausengrenze erreicht.', '3 devices failed: automatic pause limit 3 reached.'],
    [pause({ reason: 'maintenance' as RolloutPauseReason['reason'], message: 'Paused for maintenance' }), 'Pausiert:', 'Paused for maintenance'],
  ])('%j in German', async (p, title, text) => {
    const said = pauseReasonText(p, await translator('de'));
    expect(said.title).toBe(title);
    expect(said.text.startsWith(text)).toBe(true);
  });
});
