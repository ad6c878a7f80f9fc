/** Confirmation for feature components, handed over as `confirm(message) => Promise<boolean>`. */
import { confirm as sharedConfirm } from '@shared/ui/confirm';
import { getI18n } from '@shared/plugin-api/i18n';

export type Confirm = (message: string, title?: string) => Promise<boolean>;

export const confirm: Confirm = (message, title) =>
  sharedConfirm({ title: title ?? getI18n().t('Confirm', { ns: 'device-operations' }), body: message });
