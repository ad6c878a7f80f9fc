import { addDependency, availableCandidates, byIdOf, dependencyChanges, dependencyTree, installOrder, isCircular, rebaseDependencies, removeDependency, sameDependencies } from './dependencies';

const p = (id: string, name: string, deps: string[] = [], version = '1.0') => ({ id, name, version, dependencies: deps.map((d) => ({ id: d, name: `n${d}`, version: '1.0' })) });

// a -> b -> c ; d -> a ; e alone
const all = [p('a', 'alpha', ['b']), p('b', 'beta', ['c']), p('c', 'gamma'), p('d', 'delta', ['a']), p('e', 'eps')];
const byId = byIdOf(all);

describe('circular detection', () => {
  it.each([
    ['direct: d depends on a', 'd', 'a', true],
    ['transitive: b reaches c, editing c', 'a', 'c', true],
    ['the package itself', 'a', 'a', true],
    ['unrelated', 'e', 'a', false],
    ['dependency of the edited one is fine', 'c', 'a', false],
  ])('%s', (_n, candidate, edited, expected) => {
    expect(isCircular(byId.get(candidate)!, edited, byId)).toBe(expected);
  });

  it('survives circles already stored', () => {
    const looped = byIdOf([p('x', 'x', ['y']), p('y', 'y', ['x'])]);
    expect(isCircular(looped.get('x')!, 'z', looped)).toBe(false);
  });
});

describe('available packages', () => {
  it('never offers the package itself nor the chosen ones, sorts by name and marks circles', () => {
    const list = availableCandidates(all, 'c', [{ id: 'e', name: 'eps', version: '1.0' }], '');
    expect(list.map((c) => [c.pkg.id, c.circular])).toEqual([
      ['a', true],
      ['b', true],
      ['d', true],
    ]);
  });

  it('sorts the versions of a name in version order, not as text (0.3.4 before 0.3.11)', () => {
    const agents = [p('x1', 'adamos-agent', [], '0.3.11'), p('x2', 'adamos-agent', [], '0.3.4'), p('x3', 'adamos-agent', [], '0.10.0'), p('m', 'machine-monitor', [], '4.2.0')];
    expect(availableCandidates(agents, 'm', [], '').map((c) => c.pkg.version)).toEqual(['0.3.4', '0.3.11', '0.10.0']);
  });

  it('blocks other versions of the edited package and of a chosen dependency (a device holds one version of a name)', () => {
    const pkgs = [p('m1', 'machine-monitor', [], '4.1.0'), p('m2', 'machine-monitor', [], '4.2.0'), p('e1', 'edge', [], '1.0'), p('e2', 'edge', [], '2.0'), p('x', 'other')];
    const list = availableCandidates(pkgs, 'e1', [{ id: 'm2', name: 'machine-monitor', version: '4.2.0' }], '');
    expect(list.map((c) => [c.pkg.id, c.sameName])).toEqual([
      ['e2', 'edited'],
      ['m1', 'chosen'],
      ['x', null],
    ]);
    const chosen = [{ id: 'm2', name: 'machine-monitor', version: '4.2.0' }];
    for (const c of list.slice(0, 2)) expect(addDependency(chosen, c)).toEqual(chosen);
    expect(addDependency(chosen, list[2])).toHaveLength(2);
  });

  it('blocks a package whose own dependencies need another version of one already needed (edge-analytics 2024.1 reads mdc-collector 3.0.0-rc1; machine-monitor 4.2.0 needs 2.5.0)', () => {
    const pkgs = [
      p('c25', 'mdc-collector', [], '2.5.0'),
      p('c30', 'mdc-collector', [], '3.0.0-rc1'),
      p('mm', 'machine-monitor', ['c25'], '4.2.0'),
      p('ea', 'edge-analytics', ['c30'], '2024.1'),
      p('x', 'other'),
    ];
    const chosen = [{ id: 'c30', name: 'mdc-collector', version: '3.0.0-rc1' }];
    const list = availableCandidates(pkgs, 'ea', chosen, '');
    expect(list.map((c) => [c.pkg.id, c.sameName, c.clash])).toEqual([
      ['mm', null, { name: 'mdc-collector', version: '2.5.0', other: '3.0.0-rc1' }],
      ['c25', 'chosen', null],
      ['x', null, null],
    ]);
    expect(addDependency(chosen, list[0])).toEqual(chosen);
    // The edited package's own name counts too: editing mdc-collector 3.0.0-rc1, machine-monitor 4.2.0 would need 2.5.0 beside it.
    expect(availableCandidates(pkgs, 'c30', [], 'machine').map((c) => c.clash)).toEqual([{ name: 'mdc-collector', version: '2.5.0', other: '3.0.0-rc1' }]);
    // Without the 3.0 collector chosen, machine-monitor is free.
    expect(availableCandidates(pkgs, 'ea', [], 'machine').map((c) => c.clash)).toEqual([null]);
    // With machine-monitor chosen, the 3.0 collector is another version of what it needs.
    const withMonitor = availableCandidates(pkgs, 'ea', [{ id: 'mm', name: 'machine-monitor', version: '4.2.0' }], 'mdc');
    expect(withMonitor.map((c) => [c.pkg.id, c.clash])).toEqual([
      ['c25', null],
      ['c30', { name: 'mdc-collector', version: '3.0.0-rc1', other: '2.5.0' }],
    ]);
  });

  it('filters by name or version, case-insensitive', () => {
    expect(availableCandidates(all, 'e', [], 'ALP').map((c) => c.pkg.id)).toEqual(['a']);
  });

  it('adds only non-circular candidates, once; removes by id', () => {
    const [alpha] = availableCandidates(all, 'c', [], 'alpha');
    expect(addDependency([], alpha)).toEqual([]);
    const [eps] = availableCandidates(all, 'c', [], 'eps');
    const added = addDependency([], eps);
    expect(added).toEqual([{ id: 'e', name: 'eps', version: '1.0' }]);
    expect(addDependency(added, eps)).toEqual(added);
    expect(removeDependency(added, 'e')).toEqual([]);
  });
});

describe('graph', () => {
  it('lists every transitive dependency before what needs it', () => {
    expect(installOrder(byId.get('d')!, byId).map((d) => d.id)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('installs a shared dependency once', () => {
    const diamond = byIdOf([p('top', 't', ['l', 'r']), p('l', 'l', ['base']), p('r', 'r', ['base']), p('base', 'b')]);
    expect(installOrder(diamond.get('top')!, diamond).map((d) => d.id)).toEqual(['base', 'l', 'r', 'top']);
  });

  it('builds the tree, marking missing packages and stored circles', () => {
    const mixed = byIdOf([p('x', 'x', ['y', 'gone']), p('y', 'y', ['x'])]);
    const tree = dependencyTree(mixed.get('x')!, mixed);
    expect(tree.children.map((c) => [c.id, c.missing, c.cycle])).toEqual([
      ['y', false, false],
      ['gone', true, false],
    ]);
    expect(tree.children[0].children[0]).toMatchObject({ id: 'x', cycle: true, children: [] });
  });
});

describe('two users editing one package', () => {
  const d = (...ids: string[]) => ids.map((id) => ({ id, name: `n${id}`, version: '1.0' }));

  it('compares lists by package, not by order', () => {
    expect(sameDependencies(d('a', 'b'), d('b', 'a'))).toBe(true);
    expect(sameDependencies(d('a', 'b'), d('a'))).toBe(false);
    expect(sameDependencies(d('a'), d('b'))).toBe(false);
    expect(dependencyChanges(d('a', 'b'), d('b', 'c'))).toEqual({ added: d('c'), removed: d('a') });
  });

  it.each([
    ['the other user added, this one added another', ['a'], ['a', 'x'], ['a', 'y'], ['a', 'y', 'x']],
    ['the other user removed, this one added', ['a', 'b'], ['a', 'b', 'x'], ['b'], ['b', 'x']],
    ['both removed the same one', ['a', 'b'], ['b'], ['b'], ['b']],
    ['both added the same one', ['a'], ['a', 'x'], ['a', 'x'], ['a', 'x']],
    ['this user removed what the other kept', ['a', 'b'], ['a'], ['a', 'b', 'y'], ['a', 'y']],
    ['this user changed nothing', ['a'], ['a'], ['y'], ['y']],
  ])('%s: the user\'s edit is applied on top of the other save', (_n, base, chosen, latest, expected) => {
    expect(rebaseDependencies(d(...base), d(...chosen), d(...latest)).map((x) => x.id)).toEqual(expected);
  });
});
