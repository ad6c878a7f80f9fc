import React from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { PlatformContextReact, can, missingRoles } from '../plugin-api/context';
import { formatRequirement, parseRequirement, REQUIRES, ROLE, type RoleRequirement } from '../plugin-api/roles';
import { testContext, testUser } from '../plugin-api/testing-context';
import type { CurrentUser } from '../plugin-api/types';
import { GateNote, gatedFieldProps, PermittedButton, useGate } from './permission';
import { renderUi } from './test-utils';

const inContext = (user: CurrentUser | null, ui: React.ReactElement) => (
  <PlatformContextReact.Provider value={testContext({ user })}>{ui}</PlatformContextReact.Provider>
);

describe('can', () => {
  it.each<[string, string[], RoleRequirement, boolean]>([
    ['a held role', [ROLE.alarmAdmin], ROLE.alarmAdmin, true],
    ['a missing role', [ROLE.inventoryAdmin], ROLE.alarmAdmin, false],
    ['all of a list', [ROLE.inventoryAdmin, ROLE.manageSoftwareAdmin], REQUIRES.devicePackageDelete, true],
    ['one of a list missing', [ROLE.inventoryAdmin], REQUIRES.devicePackageDelete, false],
    ['any of an alternative (create)', [ROLE.inventoryCreate], REQUIRES.inventoryCreate, true],
    ['any of an alternative (admin)', [ROLE.inventoryAdmin], REQUIRES.inventoryCreate, true],
    ['none of an alternative', [ROLE.alarmAdmin], REQUIRES.inventoryCreate, false],
  ])('%s', (_name, roles, requirement, allowed) => {
    expect(can(testUser(roles), requirement)).toBe(allowed);
  });

  it('lets nobody logged in do anything, and reports what is missing', () => {
    expect(can(null, ROLE.alarmAdmin)).toBe(false);
    expect(missingRoles(null, REQUIRES.devicePackageDelete)).toEqual([ROLE.inventoryAdmin, ROLE.manageSoftwareAdmin]);
    expect(missingRoles(testUser([ROLE.inventoryAdmin]), REQUIRES.devicePackageDelete)).toEqual([ROLE.manageSoftwareAdmin]);
  });

  it('writes requirements as data-requires and reads them back', () => {
    for (const requirement of Object.values(REQUIRES)) {
      const text = formatRequirement(requirement);
      expect(parseRequirement(text)).toEqual([...requirement]);
    }
    expect(formatRequirement(REQUIRES.inventoryCreate)).toBe('ROLE_INVENTORY_ADMIN|ROLE_INVENTORY_CREATE');
  });
});

describe('PermittedButton', () => {
  it('is an ordinary button for a user with the roles', () => {
    const onClick = jest.fn();
    renderUi(inContext(testUser([ROLE.alarmAdmin]), <PermittedButton requires={REQUIRES.alarmUpdate} onClick={onClick}>Clear all</PermittedButton>));
    const button = screen.getByRole('button', { name: 'Clear all' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveAttribute('data-requires', 'ROLE_ALARM_ADMIN');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('keeps its own disabled reasons for a user with the roles', () => {
    renderUi(inContext(testUser([ROLE.alarmAdmin]), <PermittedButton requires={REQUIRES.alarmUpdate} disabled>Clear all</PermittedButton>));
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled();
  });

  it('denied: focusable, inert, and says which permission is missing on hover and to screen readers', () => {
    const onClick = jest.fn();
    renderUi(inContext(testUser([]), <PermittedButton requires={REQUIRES.alarmUpdate} onClick={onClick}>Clear all</PermittedButton>));
    const button = screen.getByRole('button', { name: 'Clear all' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveClass('disabled');
    expect(button).not.toBeDisabled();
    button.focus();
    expect(button).toHaveFocus();
    const reason = 'Not permitted: your user lacks the permission “Alarms: admin”.';
    expect(button).toHaveAttribute('title', reason);
    expect(button).toHaveAccessibleDescription(reason);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit its form when denied', () => {
    const onSubmit = jest.fn((e: React.FormEvent) => e.preventDefault());
    renderUi(
      inContext(
        testUser([]),
        <form onSubmit={onSubmit}>
          <PermittedButton requires={REQUIRES.softwarePackageWrite} type="submit">
            Save
          </PermittedButton>
        </form>,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names every missing permission, alternatives with "or", in German too', () => {
    renderUi(inContext(testUser([]), <PermittedButton requires={[ROLE.inventoryAdmin, [ROLE.manageSoftwareAdmin, ROLE.userAdmin]]}>x</PermittedButton>), 'de');
    expect(screen.getByRole('button', { name: 'x' })).toHaveAccessibleDescription(
      'Nicht erlaubt: Ihrem Benutzer fehlt die Berechtigung „Inventar: Admin“, „Softwareverwaltung: Admin“ oder „Benutzerverwaltung: Admin“.',
    );
  });

  it('says a reason of state the same way: focusable, inert, on hover and to screen readers; both when both, the permission first', () => {
    const onClick = jest.fn();
    const reason = 'The router is not running (device state: Applying firmware).';
    const { rerender } = renderUi(
      inContext(testUser([ROLE.alarmAdmin]), <PermittedButton requires={REQUIRES.alarmUpdate} disabledReason={reason} onClick={onClick}>Restart</PermittedButton>),
    );
    const button = screen.getByRole('button', { name: 'Restart' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveClass('disabled');
    button.focus();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('title', reason);
    expect(button).toHaveAccessibleDescription(reason);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    rerender(inContext(testUser([]), <PermittedButton requires={REQUIRES.alarmUpdate} disabledReason={reason}>Restart</PermittedButton>));
    expect(screen.getByRole('button', { name: 'Restart' })).toHaveAccessibleDescription(`Not permitted: your user lacks the permission “Alarms: admin”. ${reason}`);
  });

  it('renders nothing when denied and asked to hide (row actions)', () => {
    renderUi(inContext(testUser([]), <PermittedButton requires={REQUIRES.deviceProfileWrite} hideWhenDenied>Delete</PermittedButton>));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('takes a host page user where there is no contribution context', () => {
    renderUi(<PermittedButton requires={REQUIRES.applicationWrite} user={testUser([ROLE.applicationAdmin])}>Upload</PermittedButton>);
    expect(screen.getByRole('button', { name: 'Upload' })).not.toHaveAttribute('aria-disabled');
  });

  it('denies outside any context and without a user', () => {
    renderUi(<PermittedButton requires={REQUIRES.applicationWrite}>Upload</PermittedButton>);
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveAttribute('aria-disabled', 'true');
  });
});

function Field({ kind }: { kind: 'text' | 'choice' }) {
  const gate = useGate(REQUIRES.inventoryUpdate);
  return (
    <>
      <input aria-label="field" type={kind === 'text' ? 'text' : 'checkbox'} {...gatedFieldProps(gate, 'note', kind)} />
      <GateNote gate={gate} id="note" />
    </>
  );
}

describe('gatedFieldProps', () => {
  it('makes a text field read-only and a choice disabled, each described by the reason', () => {
    const { unmount } = renderUi(inContext(testUser([]), <Field kind="text" />));
    expect(screen.getByLabelText('field')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('field')).toHaveAccessibleDescription('Not permitted: your user lacks the permission “Inventory: admin”.');
    unmount();
    renderUi(inContext(testUser([]), <Field kind="choice" />));
    expect(screen.getByLabelText('field')).toBeDisabled();
  });

  it('leaves the field alone for a user with the role', () => {
    renderUi(inContext(testUser([ROLE.inventoryAdmin]), <Field kind="text" />));
    expect(screen.getByLabelText('field')).not.toHaveAttribute('readonly');
    expect(screen.queryByTestId('permission-reason')).toBeNull();
  });
});
