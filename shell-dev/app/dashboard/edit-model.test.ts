import type { DashboardWidgetPlacement } from '@shared/plugin-api/types';
import { addWidget, cellsMoved, configureWidget, freeSpot, mergeLayouts, moveWidget, nextFreeRow, removeWidget, resizeWidget } from './edit-model';
import { fromStored, namedDashboardFragment, toStored } from '@shared/plugin-api/dashboard/persistence';

const p = (instanceId: string, x: number, y: number, w: number, h: number): DashboardWidgetPlacement => ({ instanceId, widgetId: 'widget:p/x', x, y, w, h, config: {} });

describe('dashboard editing', () => {
  const layout = [p('a', 0, 0, 4, 2), p('b', 8, 3, 4, 3)];

  it('moves inside the 12 columns and below row 0', () => {
    expect(moveWidget(layout, 'a', 1, 1)[0]).toMatchObject({ x: 1, y: 1 });
    expect(moveWidget(layout, 'a', -3, -5)[0]).toMatchObject({ x: 0, y: 0 });
    expect(moveWidget(layout, 'b', 1, 0)[1]).toMatchObject({ x: 8 });
    expect(moveWidget(layout, 'a', 20, 0)[0]).toMatchObject({ x: 8 });
  });

  it('resizes by cells, at least one, never past the right edge', () => {
    expect(resizeWidget(layout, 'a', 2, 1)[0]).toMatchObject({ w: 6, h: 3 });
    expect(resizeWidget(layout, 'a', -10, -10)[0]).toMatchObject({ w: 1, h: 1 });
    expect(resizeWidget(layout, 'b', 1, 0)[1]).toMatchObject({ w: 4 });
  });

  it('adds where there is room, with its own title; removes and configures by instance id', () => {
    expect(nextFreeRow(layout)).toBe(6);
    // a covers columns 0-3 of rows 0-1, b columns 8-11 of rows 3-5: a 4x4 fits at x 4, row 0.
    const added = addWidget(layout, { widgetId: 'widget:p/y', title: ' Mine ', config: { a: 1 } }, 'c');
    expect(added[2]).toMatchObject({ instanceId: 'c', widgetId: 'widget:p/y', title: 'Mine', x: 4, y: 0, w: 4, h: 4, config: { a: 1 } });
    expect(removeWidget(added, 'a').map((w) => w.instanceId)).toEqual(['b', 'c']);
    expect(configureWidget(added, 'b', { view: 2 })[1].config).toEqual({ view: 2 });
    expect(configureWidget(added, 'c', { a: 2 }, 'Renamed')[2]).toMatchObject({ title: 'Renamed', config: { a: 2 } });
    expect(configureWidget(added, 'c', { a: 2 }, '  ')[2].title).toBeUndefined();
    expect(configureWidget(added, 'c', { a: 2 })[2].title).toBe('Mine');
    expect(layout[0].config).toEqual({});
    // A widget that brings its own default size (a chart) gets it, where it fits (below a, left of b).
    const chart = addWidget(layout, { widgetId: 'widget:p/chart', config: {}, size: { width: 6, height: 5 } }, 'd');
    expect(chart[2]).toMatchObject({ instanceId: 'd', x: 0, y: 2, w: 6, h: 5 });
  });

  it('finds the first free block, else the row below everything', () => {
    expect(freeSpot([], 4, 4)).toEqual({ x: 0, y: 0 });
    const full = [p('x', 0, 0, 12, 3)];
    expect(freeSpot(full, 4, 4)).toEqual({ x: 0, y: 3 });
    // A hole of 3 columns does not take a 4-wide widget; a 3-wide one goes there.
    const holed = [p('l', 0, 0, 9, 4)];
    expect(freeSpot(holed, 4, 4)).toEqual({ x: 0, y: 4 });
    expect(freeSpot(holed, 3, 4)).toEqual({ x: 9, y: 0 });
  });

  it('turns a drag into whole cells', () => {
    expect(cellsMoved(130, -95, 100, 80)).toEqual({ dx: 1, dy: -1 });
    expect(cellsMoved(40, 30, 100, 80)).toEqual({ dx: 0, dy: 0 });
  });
});

describe('c8y_Dashboard storage', () => {
  it('round-trips placements through the platform fragment', () => {
    const widgets = [{ ...p('b', 3, 2, 4, 5), title: 'T', config: { selectedView: { name: 'x' } } }, p('a', 0, 0, 3, 3)];
    const stored = toStored('deviceOperationsDashboardAngular', 'Device Operations Dashboard', false, widgets);
    expect(stored.children.b).toEqual({ id: 'b', componentId: 'widget:p/x', title: 'T', _x: 3, _y: 2, _width: 4, _height: 5, config: { selectedView: { name: 'x' } } });
    expect(stored.isFrozen).toBe(true);
    expect(fromStored(JSON.parse(JSON.stringify(stored))).map((w) => w.instanceId)).toEqual(['a', 'b']);
    expect(fromStored(stored)[1]).toEqual(widgets[0]);
  });

  it('skips broken entries and reads nothing from nothing', () => {
    expect(fromStored(undefined)).toEqual([]);
    expect(fromStored({ children: { x: { _x: 1 } } })).toEqual([]);
    expect(namedDashboardFragment('d')).toBe('c8y_Dashboard!name!d');
  });
});

describe('a change saved after another user changed the dashboard', () => {
  const a = { ...p('a', 0, 0, 4, 2), config: { selectedView: 'online', days: 7 } };
  const b = p('b', 8, 3, 4, 3);
  const before = [a, b];

  it('is the change itself when nobody else changed the layout', () => {
    const after = moveWidget(before, 'a', 1, 0);
    expect(mergeLayouts(before, after, [{ ...b }, { ...a, config: { days: 7, selectedView: 'online' } }])).toEqual({ widgets: after, othersChanged: false, lostChanges: [] });
  });

  it("keeps the other user's added widget, move and config value beside this user's change", () => {
    const c = p('c', 4, 0, 4, 2);
    // The other user added c, moved b and set a's days; this user moved a and chose another view.
    const current = [{ ...a, config: { selectedView: 'online', days: 30 } }, { ...b, y: 6 }, c];
    const after = configureWidget(moveWidget(before, 'a', 0, 1), 'a', { selectedView: 'offline', days: 7 }, 'Hall 3');
    const merged = mergeLayouts(before, after, current);
    expect(merged.othersChanged).toBe(true);
    expect(merged.lostChanges).toEqual([]);
    expect(merged.widgets).toEqual([{ ...a, y: 1, title: 'Hall 3', config: { selectedView: 'offline', days: 30 } }, { ...b, y: 6 }, c]);
  });

  it('removes what this user removed, keeps what the other removed removed, and names a change to it that is dropped', () => {
    const current = [a]; // the other user removed b
    const after = moveWidget(removeWidget(before, 'a'), 'b', -1, 0);
    const merged = mergeLayouts(before, after, current);
    expect(merged.widgets).toEqual([]);
    expect(merged.lostChanges).toEqual([b]);
  });

  it("puts a widget added here into a free spot when another user's new widget took its place", () => {
    const c = p('c', 4, 0, 4, 2);
    const after = addWidget(before, { widgetId: 'widget:p/x', config: {}, size: { width: 4, height: 2 } }, 'n');
    expect(after[2]).toMatchObject({ x: 4, y: 0 });
    const merged = mergeLayouts(before, after, [a, b, c]);
    expect(merged.widgets.map((w) => w.instanceId)).toEqual(['a', 'b', 'c', 'n']);
    expect(merged.widgets[3]).toMatchObject({ x: 8, y: 0 });
  });

  it("where both users changed the same part, takes this (later) save's: the same config value, position, size and title", () => {
    // The other user set a's days to 30, moved it, made it wider and titled it; this user set days to 14, moved, resized and titled it too.
    const current = [{ ...a, x: 4, w: 6, title: 'Theirs', config: { selectedView: 'online', days: 30 } }, b];
    const after = configureWidget(resizeWidget(moveWidget(before, 'a', 0, 2), 'a', 0, 1), 'a', { selectedView: 'online', days: 14 }, 'Mine');
    const merged = mergeLayouts(before, after, current);
    expect(merged.othersChanged).toBe(true);
    expect(merged.widgets).toEqual([{ ...a, x: 0, y: 2, w: 4, h: 3, title: 'Mine', config: { selectedView: 'online', days: 14 } }, b]);
  });

  it('takes a title reset to the default (none) from this user', () => {
    const titled = [{ ...a, title: 'Old' }, b];
    const after = configureWidget(titled, 'a', a.config, '');
    const merged = mergeLayouts(titled, after, [{ ...a, title: 'Old', config: { ...a.config, days: 9 } }, b, p('c', 0, 9, 1, 1)]);
    expect(merged.widgets[0]).not.toHaveProperty('title');
    expect(merged.widgets[0].config).toEqual({ selectedView: 'online', days: 9 });
  });
});
