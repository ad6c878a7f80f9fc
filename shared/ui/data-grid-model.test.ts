import { configFromColumnState, moveColumn, nextSelection, resolveColumns, setColumnVisible, sortModelFromColumnState, toColumnConfig, type GridColumn } from './data-grid-model';

type Row = { id: string };
const cols: GridColumn<Row>[] = [
  { id: 'status', header: 'Status', alwaysVisible: true },
  { id: 'name', header: 'Name', width: 200 },
  { id: 'serial', header: 'Serial' },
  { id: 'customer', header: 'Customer', hiddenByDefault: true },
];
const ids = (r: ReturnType<typeof resolveColumns<Row>>) => r.map((c) => `${c.column.id}${c.visible ? '' : '(hidden)'}${c.width ? `:${c.width}` : ''}`);

describe('resolveColumns', () => {
  it.each([
    ['no config: definition order and defaults', undefined, ['status', 'name:200', 'serial', 'customer(hidden)']],
    [
      'configured order, visibility and width',
      [
        { id: 'serial', visible: true, width: 120 },
        { id: 'customer', visible: true },
        { id: 'name', visible: false },
        { id: 'status', visible: true },
      ],
      ['serial:120', 'customer', 'name(hidden):200', 'status'],
    ],
    ['unknown ids dropped, new columns at their place', [{ id: 'gone', visible: true }, { id: 'serial', visible: true }, { id: 'status', visible: true }], ['serial', 'customer(hidden)', 'status', 'name:200']],
    ['always-visible column cannot be hidden', [{ id: 'status', visible: false }], ['status', 'name:200', 'serial', 'customer(hidden)']],
  ])('%s', (_name, config, expected) => {
    expect(ids(resolveColumns(cols, config))).toEqual(expected);
  });

  it('round-trips through the persisted configuration', () => {
    const config = toColumnConfig(resolveColumns(cols, undefined));
    expect(config).toEqual([
      { id: 'status', visible: true },
      { id: 'name', visible: true, width: 200 },
      { id: 'serial', visible: true },
      { id: 'customer', visible: false },
    ]);
    expect(ids(resolveColumns(cols, config))).toEqual(['status', 'name:200', 'serial', 'customer(hidden)']);
  });
});

it('reads configuration and sort model from the grid column state', () => {
  const state = [
    { colId: 'ag-Grid-SelectionColumn', width: 50 },
    { colId: 'name', hide: false, width: 180, sort: 'desc' as const, sortIndex: 1 },
    { colId: 'serial', hide: true, width: 100, sort: null },
    { colId: 'status', hide: null, width: 90, sort: 'asc' as const, sortIndex: 0 },
  ];
  expect(configFromColumnState(state, new Set(['name', 'serial', 'status']))).toEqual([
    { id: 'name', visible: true, width: 180 },
    { id: 'serial', visible: false, width: 100 },
    { id: 'status', visible: true, width: 90 },
  ]);
  expect(sortModelFromColumnState(state)).toEqual([
    { colId: 'status', sort: 'asc' },
    { colId: 'name', sort: 'desc' },
  ]);
});

it('moves and toggles columns', () => {
  const c = [
    { id: 'a', visible: true },
    { id: 'b', visible: true },
    { id: 'c', visible: false },
  ];
  expect(moveColumn(c, 'b', -1).map((x) => x.id)).toEqual(['b', 'a', 'c']);
  expect(moveColumn(c, 'b', 1).map((x) => x.id)).toEqual(['a', 'c', 'b']);
  expect(moveColumn(c, 'a', -1).map((x) => x.id)).toEqual(['a', 'b', 'c']);
  expect(moveColumn(c, 'c', 1).map((x) => x.id)).toEqual(['a', 'b', 'c']);
  expect(setColumnVisible(c, 'c', true)[2]).toEqual({ id: 'c', visible: true });
});

it('keeps selections of other pages', () => {
  const prev = new Set(['p1-a', 'p2-a', 'p2-b']);
  expect([...nextSelection(prev, ['p2-a', 'p2-b', 'p2-c'], ['p2-c'])].sort()).toEqual(['p1-a', 'p2-c']);
  expect([...nextSelection(new Set(), ['x'], ['x'])]).toEqual(['x']);
});
