import {
  canDeletePackage,
  packageListCounters,
  compareByNameThenVersion,
  fullPackageNameFromFile,
  fullPackageNameFromUrl,
  hasIncludedSas,
  isCircularDependency,
  isDownloadUrl,
  isWindowsUpdate,
  matchesNameOrVersion,
  normalizeVersion,
  storageOf,
} from './software-package';

describe('full package name', () => {
  it.each([
    ['https://store.example.net/container/Agent%20Setup_1.2.zip?sv=2020&sig=a%2Fb', 'Agent Setup_1.2.zip'],
    ['https://store.example.net/c/pkg.zip', 'pkg.zip'],
    ['https://host/path/my%20file.exe', 'my file.exe'],
    ['https://host/a/b.zip?x=1/evil.zip', 'b.zip'],
    ['https://host/dir/', 'dir'],
    ['https://host/bad%E0%A4%A.zip', 'bad%E0%A4%A.zip'],
    ['', ''],
    [null, ''],
  ])('%p -> %p', (url, name) => {
    expect(fullPackageNameFromUrl(url)).toBe(name);
  });
  it('takes a file name as it is', () => expect(fullPackageNameFromFile({ name: 'Setup 1.zip' })).toBe('Setup 1.zip'));
  it.each([
    ['https://h/p.zip?sig=1', true],
    ['https://h/p.zip', false],
    ['https://h/p.ZIP?sig', false],
    [undefined, false],
  ])('SAS in %p: %p', (url, sas) => {
    expect(hasIncludedSas(url)).toBe(sas);
  });
});

describe('download URL', () => {
  it.each([
    ['https://store.example/a.zip?sv=1', true],
    ['http://10.0.0.1:8080/a.zip', true],
    [' https://store.example/a.zip ', true],
    ['abc', false],
    ['store.example/a.zip', false],
    ['ftp://store.example/a.zip', false],
    ['https://', false],
    ['', false],
  ])('%j -> %s', (url, ok) => expect(isDownloadUrl(url)).toBe(ok));
});

describe('packages', () => {
  it.each([
    [{ type: 'APPLICATION' }, ['ROLE_MANAGE_SOFTWARE_ADMIN'], true],
    [{ type: 'APPLICATION' }, [], false],
    [{ type: 'AGENT' }, ['ROLE_MANAGE_SOFTWARE_ADMIN'], false],
    [{ type: 'agentupdater' }, ['ROLE_MANAGE_SOFTWARE_ADMIN'], false],
    [{ type: 'WINDOWS' }, ['ROLE_MANAGE_SOFTWARE_ADMIN'], false],
    [{}, ['ROLE_MANAGE_SOFTWARE_ADMIN'], true],
  ])('delete %p with %p: %p', (pkg, roles, ok) => {
    expect(canDeletePackage(pkg, roles)).toBe(ok);
  });

  it('treats unknown versions as empty and KB names as Windows updates', () => {
    expect(normalizeVersion('unknown')).toBe('');
    expect(normalizeVersion('Unknown ')).toBe('');
    expect(normalizeVersion('1.0')).toBe('1.0');
    expect(normalizeVersion(undefined)).toBe('');
    expect(isWindowsUpdate('KB5005565')).toBe(true);
    expect(isWindowsUpdate('kb1')).toBe(false);
    expect(isWindowsUpdate('Agent')).toBe(false);
  });

  it('sorts by name then version', () => {
    const list = [
      { name: 'b', version: '1.0' },
      { name: 'a', version: '1.10' },
      { name: 'a', version: '1.9' },
      { name: 'a', version: 'x y' },
    ];
    expect([...list].sort(compareByNameThenVersion).map((p) => `${p.name} ${p.version}`)).toEqual(['a 1.9', 'a 1.10', 'a x y', 'b 1.0']);
  });

  it('filters on name or version, case-insensitive', () => {
    expect(matchesNameOrVersion({ name: 'Agent', version: '1.2' }, 'agE')).toBe(true);
    expect(matchesNameOrVersion({ name: 'Agent', version: '1.2' }, '1.2')).toBe(true);
    expect(matchesNameOrVersion({ name: 'Agent', version: '1.2' }, 'x')).toBe(false);
    expect(matchesNameOrVersion({ name: 'Agent' }, '  ')).toBe(true);
  });

  it('detects circular dependencies', () => {
    expect(isCircularDependency({ id: '1' }, '1')).toBe(true);
    expect(isCircularDependency({ id: '2', dependencies: [{ id: '1' }] }, '1')).toBe(true);
    expect(isCircularDependency({ id: '2', dependencies: [{ id: '3' }] }, '1')).toBe(false);
  });

  it.each([
    [{ isProfile: true, url: 'https://blob/x' }, 'Profile'],
    [{ url: 'https://blob.example/x.zip' }, 'External'],
    [{ url: 'https://internal.example/x.zip' }, 'External'],
    [{ url: '/inventory/binaries/5' }, 'Local'],
    [{ url: null }, 'Local'],
  ] as const)('storage of %p is %s', (item, storage) => {
    expect(storageOf(item, ['https://blob.example/', 'https://internal.example/'])).toBe(storage);
  });
});

describe('package list counters', () => {
  it.each([
    [[], { pending: 0, failed: 0 }],
    [[{ status: 'assigned' }], { pending: 1, failed: 0 }],
    [[{ status: 'installed' }, { status: 'executed' }], { pending: 0, failed: 0 }],
    [[{ status: 'download failed' }, { status: 'Installation FAILED' }, { status: 'waiting for approval' }], { pending: 1, failed: 2 }],
    [[{ status: 'assigned', marked_for_deletion: true }, { status: 'failed', marked_for_deletion: true }], { pending: 0, failed: 0 }],
    [[{}], { pending: 1, failed: 0 }],
  ])('%j -> %j', (list, expected) => expect(packageListCounters(list)).toEqual(expected));
});
