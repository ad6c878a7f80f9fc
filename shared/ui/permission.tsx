/**
 * Controls for writes the current user may not be allowed to do: allowed, they behave as usual;
 * not allowed, they stay visible and focusable but do nothing, and say which permission is missing
 * (title on hover, aria-describedby for screen readers and keyboard focus), so nobody meets a raw
 * "Access is denied" from the server. Every gated control carries `data-requires` (the roles it
 * needs), which the browser tests read.
 */
import React, { useContext, useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { PlatformContextReact, missingRoles } from '../plugin-api/context';
import { msg } from '../plugin-api/i18n';
import { formatRequirement, ROLE, type RoleRequirement } from '../plugin-api/roles';
import type { CurrentUser } from '../plugin-api/types';
import { cx } from './cx';
import { useSharedTranslation } from './i18n';

/** Each role in words, as the platform's role editor groups them (permission area: level). */
const ROLE_LABEL: Record<string, string> = {
  [ROLE.inventoryCreate]: msg('Inventory: create'),
  [ROLE.inventoryAdmin]: msg('Inventory: admin'),
  [ROLE.alarmAdmin]: msg('Alarms: admin'),
  [ROLE.deviceControlAdmin]: msg('Device control: admin'),
  [ROLE.identityAdmin]: msg('Identity: admin'),
  [ROLE.userOwnAdmin]: msg('Own user: admin'),
  [ROLE.userRead]: msg('User management: read'),
  [ROLE.userAdmin]: msg('User management: admin'),
  [ROLE.applicationAdmin]: msg('Application management: admin'),
  [ROLE.manageSoftwareAdmin]: msg('Software management: admin'),
  [ROLE.smartRuleAdmin]: msg('Smart rules: admin'),
};

const REASON = msg('Not permitted: your user lacks the permission {{permissions}}.');

export interface Gate {
  allowed: boolean;
  /** The requirement as `data-requires` carries it (roles.ts formatRequirement). */
  requires: string;
  /** Why not, in words; undefined when allowed. */
  reason?: string;
}

/**
 * The gate of a requirement for the contribution's current user (PlatformContext), or for `user`
 * where a host page has no contribution context.
 */
export function useGate(requirement: RoleRequirement, user?: CurrentUser | null): Gate {
  const t = useSharedTranslation();
  const contextUser = useContext(PlatformContextReact)?.user ?? null;
  const missing = missingRoles(user === undefined ? contextUser : user, requirement);
  const requires = formatRequirement(requirement);
  if (missing.length === 0) return { allowed: true, requires };
  const words = (role: string) => t('“{{permission}}”', { permission: t(ROLE_LABEL[role] ?? role), interpolation: { escapeValue: false } });
  const permissions = missing.map((term) => (typeof term === 'string' ? words(term) : term.map(words).join(` ${t('or')} `))).join(', ');
  return { allowed: false, requires, reason: t(REASON, { permissions, interpolation: { escapeValue: false } }) };
}

/** The visually hidden reason a denied control points to with aria-describedby. */
export function GateNote({ gate, id }: { gate: Gate; id: string }) {
  if (gate.allowed) return null;
  return (
    <span id={id} className="sr-only" data-testid="permission-reason">
      {gate.reason}
    </span>
  );
}

/**
 * Attributes for a form control (input, textarea, select, checkbox) of a write: read-only /
 * disabled when denied, with the reason. Render <GateNote gate={gate} id={noteId} /> beside it.
 */
export function gatedFieldProps(gate: Gate, noteId: string, kind: 'text' | 'choice' = 'text') {
  const base = { 'data-requires': gate.requires };
  if (gate.allowed) return base;
  return {
    ...base,
    ...(kind === 'text' ? { readOnly: true } : { disabled: true }),
    'aria-describedby': noteId,
    title: gate.reason,
  };
}

export type PermittedButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** What the button's write needs: a role id or `REQUIRES.<write>`. */
  requires: RoleRequirement;
  /** A host page's user; contributions leave it out (the context's user counts). */
  user?: CurrentUser | null;
  /** Render nothing instead of a disabled button when denied (row actions repeated per item). */
  hideWhenDenied?: boolean;
  /**
   * Why the write is not possible now though the user may do it (the state of what it acts on):
   * set, the button is disabled the way a denied one is, saying this reason (after a missing permission's).
   */
  disabledReason?: string;
  'data-testid'?: string;
  children?: ReactNode;
};

/**
 * A button for a write. Denied, or not possible now with a `disabledReason`: aria-disabled (still
 * focusable, so the reason can be reached by keyboard) with the platform's disabled look, clicks
 * do nothing, the reason on hover and as its description (both when both). `disabled` keeps its
 * usual meaning for the other reasons a write is not possible (one running, which says itself).
 */
export function PermittedButton({ requires, user, hideWhenDenied, disabledReason, className, disabled, onClick, title, type = 'button', children, ...rest }: PermittedButtonProps) {
  const gate = useGate(requires, user);
  const noteId = useId();
  if (!gate.allowed && hideWhenDenied) return null;
  // Denied, the permission first (it does not pass with the state), then the state's reason.
  const reason = [gate.reason, disabledReason].filter(Boolean).join(' ') || undefined;
  if (!reason) {
    return (
      <button {...rest} type={type} className={className} disabled={disabled} title={title} onClick={onClick} data-requires={gate.requires}>
        {children}
      </button>
    );
  }
  return (
    <>
      <button
        {...rest}
        // A disabled submit button must not submit its form either.
        type="button"
        className={cx(className, 'disabled')}
        aria-disabled="true"
        title={reason}
        aria-describedby={noteId}
        data-requires={gate.requires}
        onClick={(e) => e.preventDefault()}
      >
        {children}
      </button>
      <span id={noteId} className="sr-only" data-testid={gate.allowed ? 'disabled-reason' : 'permission-reason'}>
        {reason}
      </span>
    </>
  );
}
