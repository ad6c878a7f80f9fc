import { isInMaintenance, isOnline, lastMessage, pushStatus, sendStatus, toggleMaintenanceInterval } from './availability';

describe('availability', () => {
  it.each([
    [{ c8y_RequiredAvailability: { responseInterval: 10 }, c8y_Availability: { status: 'AVAILABLE' } }, 'AVAILABLE'],
    [{ c8y_RequiredAvailability: { responseInterval: 10 }, c8y_Availability: { status: 'UNAVAILABLE' } }, 'UNAVAILABLE'],
    [{ c8y_RequiredAvailability: { responseInterval: 10 } }, 'UNKNOWN'],
    [{ c8y_Availability: { status: 'AVAILABLE' } }, 'NOT_MONITORED'],
    [{ c8y_RequiredAvailability: { responseInterval: 0 }, c8y_Availability: { status: 'UNAVAILABLE' } }, 'NOT_MONITORED'],
    [{ c8y_RequiredAvailability: { responseInterval: -10 }, c8y_Availability: { status: 'AVAILABLE' } }, 'MAINTENANCE'],
    [{ c8y_RequiredAvailability: { responseInterval: 10 }, c8y_Availability: { status: 'MAINTENANCE' } }, 'MAINTENANCE'],
    [{ c8y_RequiredAvailability: 'broken' }, 'NOT_MONITORED'],
  ])('send status of %p is %s', (device, status) => {
    expect(sendStatus(device)).toBe(status);
    expect(isOnline(device)).toBe(status === 'AVAILABLE');
    expect(isInMaintenance(device)).toBe(status === 'MAINTENANCE');
  });

  it.each([
    [{ c8y_Connection: { status: 'CONNECTED' } }, 'CONNECTED'],
    [{ c8y_Connection: { status: 'DISCONNECTED' } }, 'DISCONNECTED'],
    [{ c8y_Connection: { status: 'MAINTENANCE' } }, 'MAINTENANCE'],
    [{}, 'UNKNOWN'],
  ])('push status of %p is %s', (device, status) => {
    expect(pushStatus(device)).toBe(status);
  });

  it('toggles maintenance by the sign of the interval and reads the last message', () => {
    expect(toggleMaintenanceInterval(30)).toBe(-30);
    expect(toggleMaintenanceInterval(-30)).toBe(30);
    expect(lastMessage({ c8y_Availability: { lastMessage: '2024-01-01T00:00:00Z' } })).toBe('2024-01-01T00:00:00Z');
    expect(lastMessage({})).toBeUndefined();
  });
});
