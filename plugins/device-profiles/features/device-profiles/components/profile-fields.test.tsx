import React from 'react';
import { screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import { ProfileFields } from './profile-fields';

describe('ProfileFields notes', () => {
  it("puts the device type's note and the groups' failure below their selects, not inside the select wrapper (whose arrow the platform centres: it slid down beside the note)", () => {
    renderContribution(
      <ProfileFields
        form={{ name: 'p', deviceType: 'adamos_NETbox', deviceGroup: null }}
        errors={{}}
        groups={[]}
        lockDeviceType
        deviceTypeNote="The device type cannot change while the profile has software: remove its software first."
        groupsError={new Error('groups down')}
        onChange={jest.fn()}
      />,
      { pluginId: 'device-profiles' },
    );
    for (const testId of ['device-type-note', 'groups-error']) {
      const note = screen.getByTestId(testId);
      expect([testId, note.closest('.c8y-select-wrapper')]).toEqual([testId, null]);
      expect([testId, note.previousElementSibling?.classList.contains('c8y-select-wrapper')]).toEqual([testId, true]);
    }
  });
});
