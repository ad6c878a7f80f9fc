import { PlatformError } from '@shared/platform/fetch-client';
import { timeZoneError, timeZoneSuccess } from './messages';

describe('time zone messages', () => {
  it('single device names it', () => {
    expect(timeZoneSuccess(1, [{ id: '1', name: 'Box 1' }])).toEqual({ type: 'success', text: 'Time Zone operation created for {{device}}', values: { device: 'Box 1' } });
  });
  it('a single device the service made no operation for gets the count, as a warning', () => {
    expect(timeZoneSuccess(0, [{ id: '1', name: 'CELOS 1' }])).toEqual({ type: 'warning', text: 'Time Zone operation created for {{count}} of {{total}} devices.', values: { count: 0, total: 1 } });
  });
  it('bulk counts created of selected', () => {
    expect(timeZoneSuccess(2, [{ id: '1' }, { id: '2' }, { id: '3' }]).values).toEqual({ count: 2, total: 3 });
  });
  it('404 is a bad request, anything else unknown with the status', () => {
    expect(timeZoneError(new PlatformError(404, 'Not Found', null)).text).toBe('Bad Request. Please try again later.');
    expect(timeZoneError(new PlatformError(500, 'Server Error', null))).toEqual({ type: 'danger', text: 'Unknown error: {{status}} Please try again later.', values: { status: 500 } });
  });
});
