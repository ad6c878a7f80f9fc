/**
 * The filter editor of one column, opened from its header (spec 5 filter kinds). A popup in the
 * WAI-ARIA sense (issue 26): focus moves in when it opens, Escape closes it, closing or applying gives
 * focus back to the filter button that opened it, and Tab treats it as if it sat right after that
 * button (it is drawn over the page, at the end of the DOM): Tab past its last control goes on to what
 * follows the button, Shift+Tab before its first goes back to the button; leaving it closes it.
 */
import { useEffect, useImperativeHandle, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedObject } from '@shared/platform/inventory';
import { compareVersions } from '@shared/domain/version';
import { focusNext } from '@shared/ui/native-tab-order';
import { useGroupOptions } from '../api/groups-lookup';
import { COLUMNS, type ColumnId, type DeviceColumn } from '../model/columns';
import { EMPTY_VALUE, validateFilter, type FilterValue, type NumberMode } from '../model/filters';
import type { Filters } from '../model/list-state';

export interface FilterOption {
  value: string;
  label: string;
}

export interface ColumnFilterProps {
  column: DeviceColumn;
  value?: FilterValue;
  anchor: DOMRect;
  /** Entries of select and group pickers (the "Empty" entry is added for select). */
  options?: readonly FilterOption[];
  /** The options are still being looked up, or why the lookup failed: said instead of "No groups". */
  optionsState?: { loading?: boolean; error?: Error };
  onApply: (value: FilterValue | undefined) => void;
  onClose: () => void;
}

const POPOVER_WIDTH = 280;

/** Said for a number field whose text is no number, or a range with one end only (validateFilter's message). */
const BAD_NUMBER = 'Enter a whole number of 0 or more.';
const BAD_DATE = 'Enter a complete date.';

/** Picker values as versions compare (spec 5: 0.3.4 before 0.3.11); text order where that has no answer. */
function byVersionOrder(a: string, b: string): number {
  const c = compareVersions(a, b);
  return Number.isNaN(c) || c === 0 ? a.localeCompare(b) : c;
}

function initial(column: DeviceColumn, value?: FilterValue): FilterValue {
  if (value) return value;
  switch (column.filter) {
    case 'prefix':
      return { kind: 'prefix', text: '' };
    case 'number':
      return { kind: 'number', mode: 'eq', from: NaN };
    case 'date':
      return { kind: 'date' };
    case 'select':
      return { kind: 'select', values: [] };
    case 'group':
      return { kind: 'group', ids: [] };
    default:
      return { kind: 'text', text: '' };
  }
}

const toNumber = (s: string) => (s.trim() === '' ? NaN : Number(s));

/**
 * What the browser could not read as a value (a number field holding "1e" or "--", a date with a
 * part missing): its value is then '' as for an empty field, so the field says which it is.
 */
const isBadInput = (input: HTMLInputElement) => input.validity?.badInput === true;

/** One end of a number filter: the value, or the range's from or to. `bad`: the field holds text that is no number. */
function NumberInput({ testId, label, value, onChange }: { testId: string; label: string; value: number | undefined; onChange: (value: number, bad: boolean) => void }) {
  return (
    <input
      type="number"
      min={0}
      step={1}
      className="form-control"
      data-testid={testId}
      name={testId.replace('filter-number-', '')}
      aria-label={label}
      // Seen too: a range's two boxes were blank, which is from and which to said nowhere on screen.
      placeholder={label}
      value={value !== undefined && Number.isFinite(value) ? value : ''}
      onChange={(e) => onChange(toNumber(e.target.value), isBadInput(e.target))}
    />
  );
}

interface DateInputProps {
  id: string;
  testId: string;
  label: string;
  min?: string;
  max?: string;
  value: string | undefined;
  /** `bad`: a date begun but not complete. */
  onChange: (value: string | undefined, bad: boolean) => void;
}

/** One end of a date filter (after or before), with its label. */
function DateInput({ id, testId, label, min, max, value, onChange }: DateInputProps) {
  const report = (e: { currentTarget: HTMLInputElement }) => onChange(e.currentTarget.value || undefined, isBadInput(e.currentTarget));
  return (
    <div className="form-group">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        name={testId.replace('filter-date-', '')}
        className="form-control"
        data-testid={testId}
        min={min}
        max={max}
        value={value ?? ''}
        onChange={report}
        // Typing part of a date, or deleting it again, changes no value: the keys and leaving the field say it.
        onKeyUp={report}
        onBlur={report}
      />
    </div>
  );
}

interface CheckboxListProps {
  options: readonly FilterOption[];
  checked: readonly string[];
  onChange: (checked: string[]) => void;
  testId: (value: string) => string;
  maxHeight: number;
  /** Shown when there is no option. */
  empty?: string;
  /** Shown instead of the options when their lookup failed. */
  error?: string;
}

/** The entries of a select or group filter, each a checkbox; scrolls past maxHeight. */
function CheckboxList({ options, checked, onChange, testId, maxHeight, empty, error }: CheckboxListProps) {
  const toggle = (v: string) => onChange(checked.includes(v) ? checked.filter((x) => x !== v) : [...checked, v]);
  return (
    <div style={{ maxHeight, overflowY: 'auto' }}>
      {error && (
        <p className="text-danger" role="alert" data-testid="filter-options-error">
          {error}
        </p>
      )}
      {options.length === 0 && empty && !error && <p className="text-muted">{empty}</p>}
      {options.map((o) => (
        <label key={`o-${o.value}`} className="c8y-checkbox d-block">
          <input type="checkbox" data-testid={testId(o.value)} checked={checked.includes(o.value)} onChange={() => toggle(o.value)} />
          <span />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const controls = (root: HTMLElement | null) => (root ? Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)) : []);

/**
 * The filter button that opened the popup: the focused element when it opens (a click focuses the
 * button too). Found again by its test id when the grid re-rendered its header meanwhile.
 */
function useOpener(columnId: string): () => HTMLElement | null {
  const [find] = useState(() => {
    const focused = document.activeElement;
    const opener = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    return () => (opener?.isConnected ? opener : document.querySelector<HTMLElement>(`[data-testid="filter-${columnId}"]`));
  });
  return find;
}

export function ColumnFilter({ column, value, anchor, options = [], optionsState, onApply, onClose }: ColumnFilterProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FilterValue>(() => initial(column, value));
  // Fields whose text the browser could not read (their value reads as empty): said, never applied as empty.
  const [bad, setBad] = useState<ReadonlySet<string>>(new Set());
  const markBad = (field: string, isBad: boolean) => setBad((b) => (b.has(field) === isBad ? b : isBad ? new Set([...b, field]) : new Set([...b].filter((f) => f !== field))));
  const inRange = draft.kind === 'number' && draft.mode === 'range';
  // Nothing entered (no value, no range end, no unreadable text): Apply clears the filter. A range with
  // one end only is incomplete input, said and not applied (it used to clear the filter silently).
  const incompleteNumber =
    draft.kind === 'number' && !Number.isFinite(draft.from) && !bad.has('from') && (!inRange || ((draft.to === undefined || !Number.isFinite(draft.to)) && !bad.has('to')));
  const errors = [
    ...validateFilter(draft),
    ...(draft.kind === 'date' && (bad.has('after') || bad.has('before')) ? [BAD_DATE] : []),
  ];
  const numberBad = draft.kind === 'number' && (bad.has('from') || (inRange && bad.has('to')));
  if (numberBad && !errors.includes(BAD_NUMBER)) errors.unshift(BAD_NUMBER);

  const formRef = useRef<HTMLFormElement>(null);
  const opener = useOpener(column.id);

  useEffect(() => {
    const button = opener();
    button?.setAttribute('aria-expanded', 'true');
    controls(formRef.current)[0]?.focus();
    return () => {
      const current = opener();
      current?.setAttribute('aria-expanded', 'false');
      // Closed with focus inside some other way (the list unmounted the popup): back to the button.
      // Closed by a click elsewhere or by Tab out of it: focus is already there.
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) current?.focus();
    };
  }, [opener]);

  // Escape, Apply and Clear give focus back in their own handler: after the list has sent the
  // page's request, before React removes the popup, and without scrolling (the button is on screen:
  // it was just clicked, or the page scrolled under the fixed popup since). focus() brings the
  // page's style and layout up to date at once; here that is only the grid's restyle for focus
  // entering it, not also the list's re-render and a layout for the scroll.
  const closeWith = (close: () => void) => {
    close();
    opener()?.focus({ preventScroll: true });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      closeWith(onClose);
      return;
    }
    if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
    const inside = controls(formRef.current);
    const edge = e.shiftKey ? inside[0] : inside[inside.length - 1];
    if (document.activeElement !== edge) return;
    const button = opener();
    if (!button) return;
    e.preventDefault();
    if (e.shiftKey) button.focus();
    else if (!focusNext(button, false, formRef.current)) button.focus();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A date begun but not complete (or a number field holding only "-") changes no value, so no
    // change event said it: the fields are read here, and said instead of applied as empty.
    const unreadable = controls(formRef.current).filter((el): el is HTMLInputElement => el instanceof HTMLInputElement && !!el.name && isBadInput(el));
    if (unreadable.length) return unreadable.forEach((el) => markBad(el.name, true));
    if (errors.length && !incompleteNumber) return;
    closeWith(() => onApply(incompleteNumber ? undefined : draft));
  };

  const left = Math.max(8, Math.min(anchor.right - POPOVER_WIDTH, window.innerWidth - POPOVER_WIDTH - 8));

  return (
    <>
      <div style={{ position: 'fixed', inset: 0, zIndex: 1040 }} onClick={onClose} aria-hidden="true" />
      <form
        ref={formRef}
        role="dialog"
        aria-label={t('Filter {{column}}', { column: t(column.label) })}
        className="card"
        data-testid="column-filter"
        onSubmit={submit}
        onKeyDown={onKeyDown}
        style={{ position: 'fixed', top: anchor.bottom + 4, left, width: POPOVER_WIDTH, zIndex: 1050, boxShadow: '0 2px 8px rgba(0,0,0,0.3)' }}
      >
        <div className="card-header">
          <h4 className="card-title">{t(column.label)}</h4>
        </div>
        <div className="card-block">
          {(draft.kind === 'text' || draft.kind === 'prefix') && (
            <div className="form-group">
              <input
                className="form-control"
                data-testid="filter-text"
                aria-label={t(column.label)}
                placeholder={draft.kind === 'prefix' ? t('Begins with (* is a wildcard)') : t('Contains (* is a wildcard)')}
                value={draft.text}
                onChange={(e) => setDraft({ ...draft, text: e.target.value })}
              />
            </div>
          )}
          {draft.kind === 'number' && (
            <>
              <div className="form-group">
                <select
                  className="form-control"
                  data-testid="filter-number-mode"
                  aria-label={t('Comparison')}
                  value={draft.mode}
                  onChange={(e) => setDraft({ ...draft, mode: e.target.value as NumberMode })}
                >
                  <option value="eq">{t('Exactly')}</option>
                  <option value="ge">{t('At least')}</option>
                  <option value="range">{t('Range (inclusive)')}</option>
                </select>
              </div>
              <div className="form-group d-flex" style={{ gap: 8 }}>
                <NumberInput
                  testId="filter-number-from"
                  label={draft.mode === 'range' ? t('From') : t('Value')}
                  value={draft.from}
                  onChange={(from, isBad) => {
                    markBad('from', isBad);
                    setDraft({ ...draft, from });
                  }}
                />
                {draft.mode === 'range' && (
                  <NumberInput
                    testId="filter-number-to"
                    label={t('To')}
                    value={draft.to}
                    onChange={(to, isBad) => {
                      markBad('to', isBad);
                      setDraft({ ...draft, to });
                    }}
                  />
                )}
              </div>
            </>
          )}
          {draft.kind === 'date' && (
            <>
              <DateInput id={`after-${column.id}`} testId="filter-date-after" label={t('After')} max={draft.before} value={draft.after} onChange={(after, isBad) => {
                  markBad('after', isBad);
                  setDraft({ ...draft, after });
                }} />
              <DateInput id={`before-${column.id}`} testId="filter-date-before" label={t('Before')} min={draft.after} value={draft.before} onChange={(before, isBad) => {
                  markBad('before', isBad);
                  setDraft({ ...draft, before });
                }} />
            </>
          )}
          {draft.kind === 'select' && (
            <>
              {/* A column with fixed options (Status) lists them all; its values are codes, not the
                  labels shown, so typed text would match neither what the user reads nor sees. */}
              {!column.options && (
                <div className="form-group">
                  <input
                    className="form-control"
                    data-testid="filter-select-text"
                    aria-label={t('Search')}
                    placeholder={t('Contains (* is a wildcard)')}
                    value={draft.text ?? ''}
                    onChange={(e) => setDraft({ ...draft, text: e.target.value })}
                  />
                </div>
              )}
              <CheckboxList
                maxHeight={220}
                options={[{ value: EMPTY_VALUE, label: t('Empty') }, ...options]}
                testId={(value) => `filter-option-${value || 'empty'}`}
                checked={draft.values}
                onChange={(values) => setDraft({ ...draft, values })}
              />
            </>
          )}
          {draft.kind === 'group' && (
            <CheckboxList
              maxHeight={260}
              options={options}
              empty={optionsState?.loading ? t('Loading…') : t('No groups')}
              error={optionsState?.error ? t('The groups could not be loaded: {{message}}', { message: optionsState.error.message }) : undefined}
              testId={(value) => `filter-group-${value}`}
              checked={draft.ids}
              onChange={(ids) => setDraft({ ...draft, ids })}
            />
          )}
          {!incompleteNumber &&
            errors.map((m) => (
              <p key={m} className="text-danger small" role="alert">
                {t(m)}
              </p>
            ))}
        </div>
        <div className="card-footer d-flex j-c-between">
          <button type="button" className="btn btn-default btn-sm" data-testid="filter-clear" onClick={() => closeWith(() => onApply(undefined))}>
            {t('Clear')}
          </button>
          <button type="submit" className="btn btn-primary btn-sm" data-testid="filter-apply" disabled={errors.length > 0 && !incompleteNumber}>
            {t('Apply')}
          </button>
        </div>
      </form>
    </>
  );
}

export interface ColumnFilterPopupHandle {
  open: (column: ColumnId, anchor: DOMRect) => void;
}

export interface ColumnFilterPopupProps {
  ref: Ref<ColumnFilterPopupHandle>;
  filters: Filters;
  /** The page on screen: a column without fixed options offers the values it shows. */
  pageRows: readonly ManagedObject[];
  onApply: (column: ColumnId, value: FilterValue | undefined) => void;
}

/**
 * The list's column filter while one is open. Which one is open is this component's state, not
 * the list's: opening or closing it re-renders the popup only. As the list's state, closing it on
 * Apply re-rendered the whole list and its grid in the click, while the filtered page was on its way.
 */
export function ColumnFilterPopup({ ref, filters, pageRows, onApply }: ColumnFilterPopupProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ column: ColumnId; anchor: DOMRect } | null>(null);
  useImperativeHandle(ref, () => ({ open: (column, anchor) => setOpen({ column, anchor }) }), []);
  const groupOptions = useGroupOptions(open?.column === 'group');
  // No distinct-values call exists on the platform: a column offers the values of every page this
  // list has shown (so a filter on one value still offers the others), and the values picked.
  const seenValues = useRef(new Map<ColumnId, Set<string>>());
  useEffect(() => {
    for (const col of Object.values(COLUMNS)) {
      if (col.filter !== 'select' || col.options) continue;
      const seen = seenValues.current.get(col.id) ?? new Set<string>();
      seenValues.current.set(col.id, seen);
      for (const d of pageRows) {
        const v = col.text(d, 0);
        if (v) seen.add(v);
      }
    }
  }, [pageRows]);
  if (!open) return null;
  const { column, anchor } = open;
  const options = (): FilterOption[] => {
    if (column === 'group') return groupOptions.options;
    const col = COLUMNS[column];
    if (col.options) return col.options.map((o) => ({ value: o, label: t(o) }));
    // The page on screen is in already (the effect above ran when it arrived, before any opening).
    const seen = new Set(seenValues.current.get(column));
    const current = filters[column];
    if (current?.kind === 'select') current.values.filter((v) => v !== EMPTY_VALUE).forEach((v) => seen.add(v));
    return [...seen].sort(byVersionOrder).map((v) => ({ value: v, label: v }));
  };
  return (
    <ColumnFilter
      key={column}
      column={COLUMNS[column]}
      value={filters[column]}
      anchor={anchor}
      options={options()}
      optionsState={column === 'group' ? groupOptions : undefined}
      onApply={(v) => {
        setOpen(null);
        onApply(column, v);
      }}
      onClose={() => setOpen(null)}
    />
  );
}
