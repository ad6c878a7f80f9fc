import { iconClass } from './icon';

describe('iconClass', () => {
  it("reads an icon name as the platform's c8yIcon directive does", () => {
    expect(iconClass('th')).toBe('dlt-c8y-icon-th');
    // The Groups tree's nodes name the older font's icons, as the platform's groups navigator does.
    expect(iconClass('c8y-group')).toBe('c8y-icon c8y-icon-group');
    expect(iconClass('c8y-group-smart')).toBe('c8y-icon c8y-icon-group-smart');
  });
});
