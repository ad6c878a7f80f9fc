import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '@shared/ui/loading-overlay';
import { countValues } from '@shared/domain/formats';
import type { OverlayState } from '../hooks/use-server-job';

/**
 * Full-screen overlay during long actions, with the server's progress when there is one: the
 * shared modal overlay, so the page beneath is inert (a plain fixed layer left its buttons to Tab
 * and Enter while the job ran).
 */
export function ServerJobOverlay({ overlay }: { overlay: OverlayState | null }) {
  const { t, i18n } = useTranslation();
  const counts = (values: Record<string, unknown> | undefined) => countValues(values, i18n.language);
  if (!overlay) return null;
  const message = overlay.connectionLost
    ? t('The connection to the server was lost. The operation goes on on the server; waiting for the connection… ({{done}}/{{total}})', counts(overlay.progress ?? { done: 0, total: 0 }))
    : overlay.progress
      ? t('Operation is running on the server ({{done}}/{{total}})', counts(overlay.progress))
      : overlay.text
        ? t(overlay.text, counts(overlay.values))
        : undefined;
  return <LoadingOverlay show message={message} progress={overlay.progress} />;
}
