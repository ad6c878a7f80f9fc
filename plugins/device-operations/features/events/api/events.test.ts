import { eventTypesOf } from './events';

describe('event types', () => {
  it('reads names and typed objects, without duplicates', () => {
    expect(eventTypesOf({ adamos_adamos_netbox_EventList: ['a', { type: 'b' }, { name: 'c' }, 'a', 7] })).toEqual(['a', 'b', 'c']);
    expect(eventTypesOf(undefined)).toEqual([]);
  });
});
