import { COLUMNS } from './columns';
import { csvCell, csvHeader, csvRows } from './csv';

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-1', "'-1"],
  ])('%s -> %s', (input, out) => {
    expect(csvCell(input)).toBe(out);
  });
  it('writes header and rows of the given columns', () => {
    const cols = [COLUMNS.name, COLUMNS.daysSinceLastMessage];
    const now = Date.parse('2024-01-10T12:00:00Z');
    expect(csvHeader(cols, (c) => c.label)).toBe('id,Name,Days since last message\r\n');
    expect(csvRows([{ id: '1', name: 'Box, 1', c8y_Availability: { lastMessage: '2024-01-08T13:00:00Z' } }], cols, now)).toBe('1,"Box, 1",1\r\n');
  });
});
