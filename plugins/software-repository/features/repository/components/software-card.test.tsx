import React from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import type { SoftwarePackage } from '@shared/platform/create-software-ng';
import { SoftwareCard } from './software-card';
import de from '../../../locales/de.json';

const pkg = {
  id: '42',
  name: 'machine-monitor',
  version: '4.2.0',
  type: 'c8y_Software',
  md5: 'abc',
  sha256: 'def',
  apptype: 'APPLICATION',
  category: 'normal',
  installation_requires_approval: false,
  full_packagename: 'machine-monitor-4.2.0.zip',
} as SoftwarePackage;

/** The back side's fields a write changes. */
const WRITABLE = ['field-md5', 'field-sha256', 'field-apptype', 'field-category', 'field-password', 'field-installation_requires_approval'];

function openBack(roles: string[]) {
  renderContribution(<SoftwareCard pkg={pkg} menu={[]} onChanged={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(roles) } });
  fireEvent.click(screen.getByTestId('details'));
  return screen.getByTestId('edit-form');
}

const locked = (el: HTMLElement) => (el as HTMLInputElement).readOnly || (el as HTMLInputElement).disabled;

describe('SoftwareCard back side', () => {
  it('is read-only for a user who may not write the package, and says why', () => {
    const form = openBack(['ROLE_INVENTORY_READ']);
    for (const testId of WRITABLE) {
      const field = within(form).getByTestId(testId);
      expect([testId, locked(field)]).toEqual([testId, true]);
      expect(field).toHaveAttribute('title', expect.stringContaining('Not permitted'));
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')).toHaveTextContent('Not permitted');
    }
  });

  it('is editable for a user who may write the package', () => {
    const form = openBack(['ROLE_INVENTORY_ADMIN']);
    for (const testId of WRITABLE) expect([testId, locked(within(form).getByTestId(testId))]).toEqual([testId, false]);
    fireEvent.change(within(form).getByTestId('field-md5'), { target: { value: 'new' } });
    expect(within(form).getByTestId('field-md5')).toHaveValue('new');
  });
});

describe('SoftwareCard category', () => {
  it('names the categories in German (the values sent stay normal and critical)', () => {
    renderContribution(<SoftwareCard pkg={pkg} menu={[]} onChanged={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: testUser(['ROLE_INVENTORY_ADMIN']) },
      language: 'de',
      locales: de,
    });
    fireEvent.click(screen.getByTestId('details'));
    const select = screen.getByTestId('field-category') as HTMLSelectElement;
    const options = [...select.options].filter((o) => o.value).map((o) => [o.value, o.text]);
    expect(options).toEqual([
      ['normal', 'Normal'],
      ['critical', 'Kritisch'],
    ]);
  });
});

describe('SoftwareCard Delete software', () => {
  const ADMIN = ['ROLE_INVENTORY_ADMIN', 'ROLE_MANAGE_SOFTWARE_ADMIN'];
  const openMenu = (p: SoftwarePackage) => {
    renderContribution(<SoftwareCard pkg={p} menu={[]} onChanged={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(ADMIN) } });
    fireEvent.click(screen.getByTestId('card-menu'));
    return screen.getByTestId('delete-software');
  };

  // The repository is the catalogue: a software admin removes an agent package from it too (a
  // device's installed agent is what device-operations spec 5 keeps).
  it.each(['APPLICATION', 'AGENTUPDATER', 'WINDOWS'])('is offered for a %s package to a software admin', (apptype) => {
    expect(openMenu({ ...pkg, apptype } as SoftwarePackage)).toBeEnabled();
  });
});

describe('SoftwareCard hostile version', () => {
  it('wraps a long version without spaces inside the card', () => {
    const version = '1.0.0-' + 'beta'.repeat(20);
    renderContribution(<SoftwareCard pkg={{ ...pkg, version }} menu={[]} onChanged={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser([]) } });
    expect((screen.getByTestId('card-version').closest('p') as HTMLElement).style.overflowWrap).toBe('anywhere');
  });
});
