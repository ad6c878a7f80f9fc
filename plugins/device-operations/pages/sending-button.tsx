/** A device tab's action button whose request may take a while: meanwhile it says so and sends no second one. */
import type { ReactNode } from 'react';
import type { RoleRequirement } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';

export interface SendingButtonProps {
  requires: RoleRequirement;
  /** The action's request is on its way. */
  sending: boolean;
  /** What is being done, on hover while sending. */
  sendingText: string;
  /** The icon class when idle (a turning refresh icon while sending). */
  icon?: string;
  onClick: () => void;
  'data-testid': string;
  children: ReactNode;
}

export function SendingButton({ requires, sending, sendingText, icon, onClick, 'data-testid': testId, children }: SendingButtonProps) {
  const iconClass = sending ? 'dlt-c8y-icon-refresh icon-spin' : icon;
  return (
    <PermittedButton
      requires={requires}
      className="btn btn-default"
      disabled={sending}
      aria-busy={sending || undefined}
      title={sending ? sendingText : undefined}
      onClick={onClick}
      data-testid={testId}
    >
      {iconClass && <i className={iconClass} />} {children}
    </PermittedButton>
  );
}
