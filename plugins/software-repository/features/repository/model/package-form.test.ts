import type { SoftwarePackage } from '@shared/platform/create-software-ng';
import {
  canSaveAdd,
  editFormFrom,
  emptyAddForm,
  isAddFormDirty,
  isEditFormDirty,
  mergeEdit,
  PASSWORD_MESSAGE,
  PASSWORD_PLACEHOLDER,
  REQUIRED,
  URL_INVALID,
  toCreateRequest,
  toUpdateRequest,
  validateAddForm,
  validateEditForm,
  withFile,
  withUrl,
  type AddForm,
} from './package-form';

const valid = (over: Partial<AddForm> = {}): AddForm => ({
  ...emptyAddForm(),
  name: 'opcua',
  version: '1.2.3',
  md5: 'm',
  sha256: 's',
  apptype: 'APPLICATION',
  category: 'normal',
  password: 'secret12',
  ...over,
});

describe('full package name autofill', () => {
  it.each([
    ['plain URL', 'https://store.example/pkgs/opcua-1.2.3.zip', 'opcua-1.2.3.zip'],
    ['SAS token cut after .zip', 'https://blob.example/c/opc%20ua-1.2.zip?sv=2020&sig=a%2Fb', 'opc ua-1.2.zip'],
    ['URL-decoded', 'https://store.example/a/my%2Bpkg.zip', 'my+pkg.zip'],
    ['empty', '', ''],
  ])('%s', (_n, url, expected) => {
    expect(withUrl(emptyAddForm(), url).full_packagename).toBe(expected);
  });

  it('takes the dropped file name and drops the URL', () => {
    const f = withFile(withUrl(emptyAddForm(), 'https://x/a.zip'), { name: 'agent 2.zip' });
    expect(f).toMatchObject({ full_packagename: 'agent 2.zip', url: '', file: { name: 'agent 2.zip' } });
  });

  it('a URL replaces a chosen file', () => {
    const f = withUrl(withFile(emptyAddForm(), { name: 'a.zip' }), 'https://x/b.zip');
    expect(f.file).toBeNull();
    expect(f.full_packagename).toBe('b.zip');
  });
});

describe('SAS detection', () => {
  it.each([
    ['https://blob.example/c/a.zip?sv=1&sig=2', true],
    ['https://blob.example/c/a.zip', false],
    ['https://blob.example/c/a.tar?x=1', false],
  ])('%s -> %s', (url, sas) => {
    expect(toCreateRequest(withUrl(valid(), url), 'adamos_NETbox').urlHasIncludedSAS).toBe(sas);
  });

  it('is false for uploaded files', () => {
    expect(toCreateRequest(withFile(valid(), { name: 'a.zip' }), 'adamos_NETbox', 'http://h/inventory/binaries/9').urlHasIncludedSAS).toBe(false);
  });
});

describe('password rule', () => {
  it.each([
    ['', REQUIRED],
    ['short12', PASSWORD_MESSAGE],
    ['x'.repeat(64), PASSWORD_MESSAGE],
    ['tab\there!', PASSWORD_MESSAGE],
    ['umlaut-ä-ok?', PASSWORD_MESSAGE],
    ['exactly8', undefined],
    ['        ', undefined],
    ['   ', PASSWORD_MESSAGE],
    [' ~'.repeat(31) + '!', undefined],
  ])('%j -> %s', (password, message) => {
    expect(validateAddForm(valid({ password })).password).toBe(message);
  });
});

describe('add form', () => {
  it('requires name, version, md5, sha256, apptype and category', () => {
    const errors = validateAddForm(emptyAddForm());
    expect(Object.keys(errors).sort()).toEqual(['apptype', 'category', 'md5', 'name', 'password', 'sha256', 'version']);
  });

  it('requires the full package name only with a file', () => {
    expect(validateAddForm({ ...withUrl(valid(), 'https://x/'), full_packagename: '' }).full_packagename).toBeUndefined();
    expect(validateAddForm({ ...withFile(valid(), { name: 'a.zip' }), full_packagename: ' ' }).full_packagename).toBe(REQUIRED);
  });

  it('takes only an http or https URL (the devices download from it)', () => {
    expect(validateAddForm(withUrl(valid(), 'abc')).url).toBe(URL_INVALID);
    expect(canSaveAdd(withUrl(valid(), 'abc'))).toBe(false);
    expect(canSaveAdd(withUrl(valid(), 'store.example/a.zip'))).toBe(false);
    expect(validateAddForm(withUrl(valid(), 'https://store.example/a.zip')).url).toBeUndefined();
    expect(validateAddForm(valid()).url).toBeUndefined();
  });

  it('saves only when valid and a file or a URL is chosen', () => {
    expect(canSaveAdd(valid())).toBe(false);
    expect(canSaveAdd(withUrl(valid(), 'https://x/a.zip'))).toBe(true);
    expect(canSaveAdd(withFile(valid(), { name: 'a.zip' }))).toBe(true);
    expect(canSaveAdd(withUrl(valid({ md5: '' }), 'https://x/a.zip'))).toBe(false);
    expect(canSaveAdd({ ...withUrl(valid(), 'https://x/a.zip'), file: { name: 'b.zip' } })).toBe(false);
  });

  it('approval defaults to false', () => {
    expect(emptyAddForm().installation_requires_approval).toBe(false);
    expect(toCreateRequest(withUrl(valid(), 'https://x/a.zip'), 'adamos_NETbox').installation_requires_approval).toBe(false);
  });

  it('sends a URL as url and an upload as c8y_url', () => {
    const byUrl = toCreateRequest(withUrl(valid(), 'https://x/a.zip'), 'adamos_NETbox');
    expect(byUrl).toMatchObject({ url: 'https://x/a.zip', type: 'c8y_Software', deviceType: 'adamos_NETbox', c8y_encryptionKey: true });
    expect(byUrl.c8y_url).toBeUndefined();
    const byFile = toCreateRequest(withFile(valid(), { name: 'a.zip' }), 'adamos_ipc-x64', 'http://h/inventory/binaries/9');
    expect(byFile).toMatchObject({ c8y_url: 'http://h/inventory/binaries/9', full_packagename: 'a.zip' });
    expect(byFile.url).toBeUndefined();
  });
});

describe('edit form', () => {
  const pkg = { id: '5', name: 'opcua', version: '1', full_packagename: 'o.zip', deviceType: 'adamos_NETbox', md5: 'm', sha256: 's', apptype: 'BATCH' as const, category: 'critical' as const };

  it('shows the placeholder and sends null when the password is unchanged', () => {
    const form = editFormFrom(pkg);
    expect(form.password).toBe(PASSWORD_PLACEHOLDER);
    expect(validateEditForm(form)).toEqual({});
    expect(toUpdateRequest(pkg, form)).toMatchObject({ id: '5', name: 'opcua', version: '1', full_packagename: 'o.zip', password: null });
  });

  it('sends a changed password and checks its rule', () => {
    const form = { ...editFormFrom(pkg), password: 'newpass!1' };
    expect(toUpdateRequest(pkg, form).password).toBe('newpass!1');
    expect(validateEditForm({ ...form, password: 'short' }).password).toBe(PASSWORD_MESSAGE);
    expect(validateEditForm({ ...form, password: '' }).password).toBe(REQUIRED);
    expect(validateEditForm({ ...form, password: ' '.repeat(8) }).password).toBeUndefined();
  });

  it('requires md5, sha256, apptype and category', () => {
    expect(Object.keys(validateEditForm({ ...editFormFrom(pkg), md5: '', sha256: ' ', apptype: '', category: '' })).sort()).toEqual(['apptype', 'category', 'md5', 'sha256']);
  });
});

describe('edit of a package changed meanwhile', () => {
  const opened = editFormFrom({ id: '1', name: 'n', version: '1', md5: 'm1', sha256: 's1', apptype: 'APPLICATION', category: 'normal', installation_requires_approval: false } as SoftwarePackage);
  const storedNow = { id: '1', name: 'n', version: '1', md5: 'm2-theirs', sha256: 's1', apptype: 'BATCH', category: 'normal', installation_requires_approval: true } as SoftwarePackage;

  it("keeps another user's change of a field this user left alone, and this user's own changes", () => {
    const edited = { ...opened, sha256: 's2-mine', password: 'new-password' };
    expect(mergeEdit(opened, edited, storedNow)).toEqual({
      md5: 'm2-theirs',
      sha256: 's2-mine',
      apptype: 'BATCH',
      category: 'normal',
      installation_requires_approval: true,
      password: 'new-password',
    });
  });

  it("writes this user's value where both changed the same field (the later save wins)", () => {
    expect(mergeEdit(opened, { ...opened, md5: 'm3-mine' }, storedNow).md5).toBe('m3-mine');
  });
});

describe('unsaved edits', () => {
  it('counts the add form as edited once it differs from the blank form, not when a field was only touched', () => {
    expect(isAddFormDirty(emptyAddForm())).toBe(false);
    expect(isAddFormDirty({ ...emptyAddForm(), name: '' })).toBe(false);
    expect(isAddFormDirty({ ...emptyAddForm(), name: 'opcua' })).toBe(true);
    expect(isAddFormDirty(withFile(emptyAddForm(), { name: 'a.zip' }))).toBe(true);
    expect(isAddFormDirty(withUrl(emptyAddForm(), 'https://x/a.zip'))).toBe(true);
    // Typed and taken back again: nothing to lose.
    expect(isAddFormDirty(withUrl(withUrl(emptyAddForm(), 'h'), ''))).toBe(false);
    expect(isAddFormDirty({ ...emptyAddForm(), installation_requires_approval: true })).toBe(true);
  });

  it('counts the edit form as edited while it differs from the package it opened with', () => {
    const pkg: SoftwarePackage = { id: '1', name: 'a', version: '1', md5: 'm', sha256: 's', apptype: 'APPLICATION', category: 'normal' };
    const opened = editFormFrom(pkg);
    expect(isEditFormDirty(opened, { ...opened })).toBe(false);
    expect(isEditFormDirty(opened, { ...opened, md5: 'm2' })).toBe(true);
    expect(isEditFormDirty(opened, { ...opened, password: 'newpass12' })).toBe(true);
    // Changed and changed back: nothing to lose.
    expect(isEditFormDirty(opened, { ...{ ...opened, md5: 'm2' }, md5: 'm' })).toBe(false);
  });
});
