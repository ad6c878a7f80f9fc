import { COLUMNS_PREFERENCE, PAGE_SIZE_PREFERENCE } from './columns';

it("keeps the user's columns and page size under the spec's keys (spec 2, section 3)", () => {
  expect(COLUMNS_PREFERENCE.startsWith('NETBOXES_COLUMNS_CONFIG')).toBe(true);
  expect(PAGE_SIZE_PREFERENCE.startsWith('NETBOXES_DROPDOWN_CONFIG')).toBe(true);
  // Not a device list's key: this list has its own column set.
  expect([COLUMNS_PREFERENCE, PAGE_SIZE_PREFERENCE].some((k) => /(iotconnector|celosos_x64|celosos_aarch64)$/.test(k))).toBe(false);
});
