import { rebaseForm } from './fields';
describe('rebaseForm', () => {
  const before = { notes: 'a', interval: '30' };
  const after = { notes: 'b', interval: '60' };
  it('takes the new server values of untouched fields and keeps edited ones', () => {
    expect(rebaseForm(before, before, after)).toEqual(after);
    expect(rebaseForm({ notes: 'typed', interval: '30' }, before, after)).toEqual({ notes: 'typed', interval: '60' });
    expect(rebaseForm({ notes: 'a', interval: '20' }, before, after)).toEqual({ notes: 'b', interval: '20' });
  });
});
