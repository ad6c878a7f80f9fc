import { contentWidths, moveColumn, parseColumnConfig, resolveColumns, setColumnVisible, toColumnConfig, visibleColumns, CELL_PADDING_PX, HEADER_FILTER_PX, HEADER_SORT_ICON_PX, MIN_COLUMN_WIDTH_PX, type GridColumn } from './data-grid-model';

type Row = { id: string; name: string };
const cols: GridColumn<Row>[] = [
  { id: 'status', label: 'Status', alwaysVisible: true },
  { id: 'name', label: 'Name' },
  { id: 'serial', label: 'Serial' },
  { id: 'customer', label: 'Customer', hiddenByDefault: true },
];
const ids = (r: ReturnType<typeof resolveColumns<Row>>) => r.map((c) => `${c.column.id}${c.visible ? '' : '(hidden)'}`);

describe('resolveColumns', () => {
  it.each([
    ['no config: definition order and defaults', undefined, ['status', 'name', 'serial', 'customer(hidden)']],
    [
      'configured order and visibility',
      [
        { id: 'serial', visible: true },
        { id: 'customer', visible: true },
        { id: 'name', visible: false },
        { id: 'status', visible: true },
      ],
      ['serial', 'customer', 'name(hidden)', 'status'],
    ],
    ['unknown ids dropped, new columns at their place', [{ id: 'gone', visible: true }, { id: 'serial', visible: true }, { id: 'status', visible: true }], ['serial', 'customer(hidden)', 'status', 'name']],
    ['always-visible column cannot be hidden', [{ id: 'status', visible: false }], ['status', 'name', 'serial', 'customer(hidden)']],
  ])('%s', (_name, config, expected) => {
    expect(ids(resolveColumns(cols, config))).toEqual(expected);
  });

  it('round-trips through the persisted configuration, and lists the visible columns', () => {
    const config = toColumnConfig(resolveColumns(cols, undefined));
    expect(config).toEqual([
      { id: 'status', visible: true },
      { id: 'name', visible: true },
      { id: 'serial', visible: true },
      { id: 'customer', visible: false },
    ]);
    expect(visibleColumns(cols, config).map((c) => c.id)).toEqual(['status', 'name', 'serial']);
  });
});

it('reads a saved configuration, dropping what is malformed', () => {
  expect(parseColumnConfig('x')).toEqual([]);
  expect(parseColumnConfig([{ id: 'name', visible: false }, null, { id: 3 }, { id: 'name', visible: true }, { id: 'group' }])).toEqual([
    { id: 'name', visible: false },
    { id: 'group', visible: true },
  ]);
  // A saved id this list does not offer (the admin list's group column) is dropped by resolveColumns.
  expect(ids(resolveColumns(cols, parseColumnConfig([{ id: 'group', visible: true }, { id: 'serial', visible: false }])))).toEqual(['status', 'name', 'serial(hidden)', 'customer(hidden)']);
});

it('moves and toggles columns', () => {
  const config = toColumnConfig(resolveColumns(cols, undefined));
  expect(moveColumn(config, 'name', -1).map((c) => c.id)).toEqual(['name', 'status', 'serial', 'customer']);
  expect(moveColumn(config, 'status', -1)).toEqual(config);
  expect(setColumnVisible(config, 'customer', true).find((c) => c.id === 'customer')?.visible).toBe(true);
});

describe('contentWidths (issue 19.9)', () => {
  // 10 px a character in headers, 5 in cells: easy to follow.
  const measure = { header: (s: string) => s.length * 10, cell: (s: string) => s.length * 5 };
  const rows: Row[] = [
    { id: '1', name: 'IoTconnector-000001' },
    { id: '2', name: 'IoTconnector-0000000002' },
  ];
  const columns: GridColumn<Row>[] = [
    { id: 'name', label: 'Name', text: (r) => r.name, sortable: true, filterable: true },
    { id: 'status', label: 'Status', cellWidth: 20 },
    { id: 'id', label: 'ID', text: (r) => r.id },
    { id: 'long', label: 'L', text: () => 'x'.repeat(100) },
  ];
  const widths = contentWidths(columns, rows, 0, measure, 240);

  it('gives each column the widest of its header (with sort and filter buttons) and its cells', () => {
    expect(widths.name).toBe(Math.max(40 + HEADER_SORT_ICON_PX + HEADER_FILTER_PX, 23 * 5) + CELL_PADDING_PX);
    expect(widths.status).toBe(60 + CELL_PADDING_PX);
  });

  it('keeps small columns readable and caps long ones at the spec 240 px', () => {
    expect(widths.id).toBe(MIN_COLUMN_WIDTH_PX);
    expect(widths.long).toBe(240);
  });

  it('measures headers alone while the page is empty', () => {
    expect(contentWidths(columns, [], 0, measure, 240).name).toBe(40 + HEADER_SORT_ICON_PX + HEADER_FILTER_PX + CELL_PADDING_PX);
  });
});
