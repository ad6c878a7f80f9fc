import { dialogOpener } from './top-layer';

describe('dialogOpener', () => {
  afterEach(() => document.body.replaceChildren());

  const button = (parent: HTMLElement, label: string) => {
    const b = document.createElement('button');
    b.textContent = label;
    parent.append(b);
    return b;
  };

  it('is the focused element, also a control inside a dialog (a dialog opened from a dialog)', () => {
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    const inner = button(dialog, 'inside');
    inner.focus();
    expect(dialogOpener()).toBe(inner);
  });

  it('is the control that last had focus outside every dialog when focus is in a loading overlay or on the page', () => {
    const opener = button(document.body, 'Select software');
    opener.focus();
    // A loading overlay (a busy dialog) takes focus while the dialog's data loads.
    const overlay = document.createElement('dialog');
    overlay.setAttribute('aria-busy', 'true');
    overlay.tabIndex = -1;
    document.body.append(overlay);
    overlay.focus();
    expect(document.activeElement).toBe(overlay);
    expect(dialogOpener()).toBe(opener);
    // Focus fell to the page.
    overlay.remove();
    expect(document.activeElement).toBe(document.body);
    expect(dialogOpener()).toBe(opener);
    // Not one that is gone.
    opener.remove();
    expect(dialogOpener()).toBe(document.body);
  });
});
