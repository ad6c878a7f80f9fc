import React, { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DashboardContribution, DashboardWidgetPlacement, PlatformContext, Registered, WidgetContribution, WidgetInstanceProps } from '@shared/plugin-api/types';
import { can } from '@shared/plugin-api/context';
import { formatRequirement, REQUIRES } from '@shared/plugin-api/roles';
import { orderContributions } from '@shared/plugin-api/ordering';
import { getI18n } from '@shared/plugin-api/i18n';
import { Modal } from '@shared/ui/modal';
import { alerts } from '@shared/ui/alerts';
import { enterInFieldSubmits } from '@shared/ui/enter-submits';
import { SHELL_NS } from '../constants';
import { useShellT } from '../i18n-setup';
import { ContributionLoading, ParcelMount } from '../mount/parcel-mount';
import { DASHBOARD_COLUMNS, DASHBOARD_ROW_HEIGHT_PX, layoutDashboard } from '@shared/plugin-api/dashboard/layout';
import { prefetchPlacements } from './prefetch';
import { addWidget, cellsMoved, configureWidget, configDirty, mergeLayouts, moveWidget, removeWidget, resizeWidget } from './edit-model';
import { useLeaveGuard, useUnloadGuard } from '@shared/ui/unsaved-changes';
import { loadDashboard, saveDashboard, type LoadedDashboard } from '@shared/plugin-api/dashboard/persistence';
import { isPlatformError } from '@shared/platform/fetch-client';
import en from './locales/en.json';
import de from './locales/de.json';

let textsAdded = false;
/**
 * The dashboard host's own texts join the shell namespace (this folder keeps its own files).
 * Added on first render, when the shell has initialised i18next with the user's language.
 */
function addDashboardTexts() {
  if (textsAdded) return;
  textsAdded = true;
  const i18n = getI18n();
  i18n.addResourceBundle('en', SHELL_NS, en, true, false);
  i18n.addResourceBundle('de', SHELL_NS, de, true, false);
}

const GRID_GAP_PX = 16;

export interface DashboardHostProps {
  dashboard: Registered<DashboardContribution>;
  /** The placed widgets; when absent the saved layout is loaded (the defaults until one is saved). */
  widgets?: readonly DashboardWidgetPlacement[];
  widgetContributions: readonly Registered<WidgetContribution>[];
  context: PlatformContext;
  queryClient: unknown;
  /** True while plugins of the page are still loading: a widget of one of them is not missing yet. */
  pluginsLoading?: boolean;
  /** The saved layout's request the shell already sent for this visit, if any (handed out once). */
  takeSavedLayout?: () => Promise<LoadedDashboard | null> | undefined;
}

interface EditActions {
  move: (dx: number, dy: number) => void;
  resize: (dw: number, dh: number) => void;
  configure: () => void;
  remove: () => void;
}

const editButton = (label: string, title: string, icon: string, onClick: () => void, testId: string) => (
  <button type="button" className="btn btn-clean btn-xs" aria-label={`${label}: ${title}`} title={label} onClick={onClick} data-testid={testId} style={{ flex: '0 0 auto', padding: '2px 5px' }}>
    <i className={`dlt-c8y-icon-${icon}`} aria-hidden="true" />
  </button>
);

/**
 * Move and resize by buttons (keyboard users; a mouse drags the header or the corner handle). A
 * row of its own under the header that wraps, so no control is cut off in a narrow card.
 */
function EditBar({ title, actions }: { title: string; actions: EditActions }) {
  const { t } = useShellT();
  return (
    <div
      className="dashboard-widget-edit d-flex a-i-center"
      style={{ flexWrap: 'wrap', gap: 2, padding: '2px 8px', borderBottom: '1px solid var(--c8y-component-border-color, #e1e1e1)' }}
      role="toolbar"
      aria-label={t('Edit widget {{title}}', { title })}
    >
      {editButton(t('Move left'), title, 'chevron-left', () => actions.move(-1, 0), 'widget-move-left')}
      {editButton(t('Move right'), title, 'chevron-right', () => actions.move(1, 0), 'widget-move-right')}
      {editButton(t('Move up'), title, 'chevron-up', () => actions.move(0, -1), 'widget-move-up')}
      {editButton(t('Move down'), title, 'chevron-down', () => actions.move(0, 1), 'widget-move-down')}
      {editButton(t('Narrower'), title, 'compress', () => actions.resize(-1, 0), 'widget-narrower')}
      {editButton(t('Wider'), title, 'expand', () => actions.resize(1, 0), 'widget-wider')}
      {editButton(t('Shorter'), title, 'minus', () => actions.resize(0, -1), 'widget-shorter')}
      {editButton(t('Taller'), title, 'plus', () => actions.resize(0, 1), 'widget-taller')}
    </div>
  );
}

/** A pointer drag from pointerdown to pointerup, followed with a preview offset meanwhile. */
function usePointerDrag(onDone: (px: number, py: number) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const [offset, setOffset] = useState<{ x: number; y: number } | null>(null);
  const handlers = {
    onPointerDown: (e: React.PointerEvent<HTMLElement>) => {
      if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
      e.preventDefault();
      start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
      e.currentTarget.setPointerCapture?.(e.pointerId);
      setOffset({ x: 0, y: 0 });
    },
    onPointerMove: (e: React.PointerEvent<HTMLElement>) => {
      const s0 = start.current;
      if (s0 && s0.id === e.pointerId) setOffset({ x: e.clientX - s0.x, y: e.clientY - s0.y });
    },
    onPointerUp: (e: React.PointerEvent<HTMLElement>) => {
      const s0 = start.current;
      start.current = null;
      setOffset(null);
      if (s0 && s0.id === e.pointerId) onDone(e.clientX - s0.x, e.clientY - s0.y);
    },
    onPointerCancel: () => {
      start.current = null;
      setOffset(null);
    },
  };
  return { handlers, offset };
}

function WidgetCard({
  placement,
  widget,
  context,
  queryClient,
  edit,
  onDragMove,
  sameTitle,
  pluginsLoading,
}: {
  placement: DashboardWidgetPlacement;
  widget: Registered<WidgetContribution> | undefined;
  pluginsLoading?: boolean;
  context: PlatformContext;
  queryClient: unknown;
  edit?: EditActions;
  onDragMove?: (px: number, py: number) => void;
  /** Its place among the dashboard's widgets of the same title (the Devices online widget comes twice). */
  sameTitle?: { n: number; count: number };
}) {
  const { t, i18n: i } = useShellT();
  // Stable per placement, so the parcel is updated rather than remounted on every render.
  const widgetProps = useMemo(
    () => Object.freeze({ instanceId: placement.instanceId, config: Object.freeze({ ...placement.config }) }),
    [placement.instanceId, placement.config],
  );
  const title = widget
    ? i.t(placement.title ?? widget.label, { ns: [widget.pluginId, SHELL_NS] })
    : (placement.title ?? placement.widgetId);
  // Region and toolbar names are unique on the page (issue 26): a repeated title gets its ordinal.
  const name = sameTitle && sameTitle.count > 1 ? t('{{title}} ({{n}} of {{count}})', { title, n: sameTitle.n, count: sameTitle.count }) : title;
  const move = usePointerDrag((px, py) => onDragMove?.(px, py));
  const dragging = move.offset ?? null;
  return (
    // A widget's card scrolls when its content is taller: focusable and named so keyboard users can scroll it.
    <div
      className="card dashboard-widget"
      style={{
        height: '100%',
        overflow: 'auto',
        position: 'relative',
        ...(dragging ? { transform: `translate(${dragging.x}px, ${dragging.y}px)`, zIndex: 10, opacity: 0.85, boxShadow: '0 4px 16px rgba(0,0,0,.25)' } : {}),
      }}
      role="region"
      aria-label={name}
      tabIndex={0}
      data-testid="dashboard-widget"
      data-instance-id={placement.instanceId}
      data-widget-id={placement.widgetId}
    >
      <div
        className="card-header separator"
        // In edit mode the header is the drag handle; the title shrinks, the gear and bin never do.
        style={edit ? { cursor: 'move', touchAction: 'none', display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 } : undefined}
        data-testid={edit ? 'widget-drag-handle' : undefined}
        {...(edit && onDragMove ? move.handlers : {})}
      >
        {edit && <i className="dlt-c8y-icon-arrows text-muted" aria-hidden="true" style={{ flex: '0 0 auto' }} />}
        {/* While editing the title wraps rather than shrinking to "D..." beside the gear and bin. */}
        <h4
          className={edit ? 'card-title' : 'card-title text-truncate'}
          data-testid="widget-card-title"
          title={title}
          style={edit ? { flex: '1 1 auto', minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.2 } : undefined}
        >
          {title}
        </h4>
        {/* A widget whose plugin is not here has no config form to open: it can only be removed. */}
        {edit && widget && editButton(t('Configure'), name, 'cog', edit.configure, 'widget-configure')}
        {edit && editButton(t('Remove'), name, 'trash', edit.remove, 'widget-remove')}
      </div>
      {edit && <EditBar title={name} actions={edit} />}
      <div className="card-block">
        {widget ? (
          <ParcelMount
            loader={widget.loader}
            pluginId={widget.pluginId}
            contributionId={widget.id}
            context={context}
            queryClient={queryClient}
            widget={widgetProps}
          />
        ) : pluginsLoading ? (
          <ContributionLoading />
        ) : (
          <div className="alert alert-warning" role="alert">
            {t('Widget "{{widgetId}}" is not available (its plugin is disabled or failed to load).', { widgetId: placement.widgetId })}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The mouse's resize handle at the card's lower right corner (keyboard users have the
 * Narrower/Wider/Shorter/Taller buttons); the outline previews the new size while dragging.
 */
function ResizeHandle({ onDone }: { onDone: (px: number, py: number) => void }) {
  const { t } = useShellT();
  const { handlers, offset } = usePointerDrag(onDone);
  return (
    <>
      {offset && (
        <div
          aria-hidden="true"
          style={{
            position: 'absolute',
            inset: 0,
            right: -offset.x,
            bottom: -offset.y,
            border: '2px dashed var(--c8y-brand-primary, #1776bf)',
            borderRadius: 4,
            pointerEvents: 'none',
            zIndex: 5,
          }}
        />
      )}
      <span
        aria-hidden="true"
        title={t('Drag to resize')}
        data-testid="widget-resize-handle"
        {...handlers}
        style={{
          position: 'absolute',
          right: 0,
          bottom: 0,
          width: 16,
          height: 16,
          cursor: 'nwse-resize',
          touchAction: 'none',
          zIndex: 6,
          background: 'linear-gradient(135deg, transparent 55%, var(--c8y-brand-primary, #1776bf) 55%)',
          borderBottomRightRadius: 4,
        }}
      />
    </>
  );
}

/** The widget's own config form (its configLoader); Save stays disabled while the form reports messages. */
function ConfigModal({
  widget,
  initial,
  saved,
  context,
  queryClient,
  title,
  widgetTitle,
  onSave,
  onClose,
  draftTitle,
  onDraft,
}: {
  widget: Registered<WidgetContribution>;
  initial: Record<string, unknown>;
  /** The config as saved (or a new widget's defaults) when the form starts from a draft: what edits are measured against. */
  saved?: Record<string, unknown>;
  /** The title typed before the session ended (the field starts with it instead). */
  draftTitle?: string;
  /** Told every change, so what is typed outlives a session that ends meanwhile. */
  onDraft?: (config: Record<string, unknown>, title: string) => void;
  context: PlatformContext;
  queryClient: unknown;
  title: string;
  /** The title the card shows now (translated); the field starts with it. */
  widgetTitle: string;
  /** `newTitle` only when the user changed the title field (an untouched title keeps following the language). */
  onSave: (config: Record<string, unknown>, newTitle?: string) => void;
  onClose: () => void;
}) {
  const { t } = useShellT();
  const titleId = useId();
  const [titleText, setTitleText] = useState(draftTitle ?? widgetTitle);
  const [config, setConfig] = useState<Record<string, unknown>>(initial);
  const draft = useRef(onDraft);
  draft.current = onDraft;
  useEffect(() => draft.current?.(config, titleText), [config, titleText]);
  const [errors, setErrors] = useState<readonly string[]>(() => safeValidate(widget, initial));
  const onConfigChange = useCallback((next: Record<string, unknown>, messages: readonly string[]) => {
    setConfig(next);
    setErrors(messages);
  }, []);
  const formProps = useMemo<WidgetInstanceProps>(() => ({ instanceId: 'config', config: Object.freeze({ ...initial }), onConfigChange }), [initial, onConfigChange]);
  const invalid = errors.length > 0 || safeValidate(widget, config).length > 0;
  // Edits: the form differs from the widget's saved config (a new widget's defaults) or the title
  // from the card's; a draft brought back after a login differs, so it counts.
  const dirty = configDirty(saved ?? initial, config, widgetTitle, titleText);
  useLeaveGuard(dirty);
  const save = () => !invalid && onSave(config, titleText.trim() === widgetTitle.trim() ? undefined : titleText);
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      closeOnBackdrop={false}
      unsavedChanges={dirty}
      data-testid="widget-config-modal"
      buttons={[
        { label: t('Cancel'), onClick: onClose, 'data-testid': 'widget-config-cancel' },
        {
          label: t('Save'),
          className: 'btn-primary',
          disabled: invalid,
          onClick: save,
          'data-testid': 'widget-config-save',
        },
      ]}
    >
      {/* The platform's widget dialog has the card's title first; empty falls back to the widget's name. */}
      {/* Enter in the title or in a field of the widget's form saves, as Save does, once the form is valid. */}
      <div onKeyDown={enterInFieldSubmits(save)}>
        <div className="form-group">
          <label htmlFor={titleId}>{t('Title')}</label>
          <input id={titleId} className="form-control" value={titleText} maxLength={200} onChange={(e) => setTitleText(e.target.value)} data-testid="widget-config-title" />
        </div>
        <ParcelMount loader={widget.configLoader} pluginId={widget.pluginId} contributionId={`${widget.id}#config`} context={context} queryClient={queryClient} widget={formProps} />
      </div>
    </Modal>
  );
}

function safeValidate(widget: WidgetContribution, config: Record<string, unknown>): string[] {
  try {
    return widget.validateConfig(config);
  } catch (e) {
    return [e instanceof Error ? e.message : String(e)];
  }
}

/** Two items a row in the large modal, each row as high as its taller item. */
const GALLERY_GRID_STYLE = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 16 } as const;

function Gallery({ widgets, onPick, onClose }: { widgets: readonly Registered<WidgetContribution>[]; onPick: (w: Registered<WidgetContribution>) => void; onClose: () => void }) {
  const { t, i18n: i } = useShellT();
  return (
    <Modal open size="lg" title={t('Add widget')} onClose={onClose} data-testid="widget-gallery" buttons={[{ label: t('Cancel'), onClick: onClose }]}>
      {/* A grid, not floating columns: a taller item (a description on two lines) left an empty cell beside the next row's first item. */}
      <div style={GALLERY_GRID_STYLE}>
        {widgets.map((w) => {
          const label = i.t(w.label, { ns: [w.pluginId, SHELL_NS] });
          return (
            <div key={w.id}>
              <button type="button" className="card btn-clean text-left" style={{ width: '100%', height: '100%', whiteSpace: 'normal' }} onClick={() => onPick(w)} data-testid="gallery-item" data-widget-id={w.id}>
                {w.previewImage && <img src={w.previewImage} alt="" style={{ width: '100%', height: 120, objectFit: 'contain' }} />}
                <div className="card-block">
                  <h5 className="m-t-0">{label}</h5>
                  <p className="text-muted small m-0">{i.t(w.description, { ns: [w.pluginId, SHELL_NS] })}</p>
                </div>
              </button>
            </div>
          );
        })}
        {widgets.length === 0 && <p className="text-muted p-16">{t('No widgets are available.')}</p>}
      </div>
    </Modal>
  );
}

type Dialog =
  | { kind: 'gallery' }
  | { kind: 'configure'; widget: Registered<WidgetContribution>; placement: DashboardWidgetPlacement | null; draft?: ConfigDraft }
  | { kind: 'remove'; placement: DashboardWidgetPlacement };

/**
 * A change whose save met an ended session (401): the shell brings back the login and starts the
 * page afresh after it, so the change is kept in the tab's session storage for the same user and
 * offered again on the next visit, not dropped without a word.
 */
const unsavedKey = (dashboardName: string, userName: string) => `dashboard-unsaved:${dashboardName}:${userName}`;
/** Likewise what is typed in a widget's config dialog, open when the session ends (a widget's refresh meets it first). */
const draftKey = (dashboardName: string, userName: string) => `dashboard-config-draft:${dashboardName}:${userName}`;

/** A config dialog's content: the widget, its placement (null: a widget being added), config and title as typed. */
interface ConfigDraft {
  widgetId: string;
  instanceId: string | null;
  config: Record<string, unknown>;
  title: string;
}

function readKept<T>(key: string, valid: (v: unknown) => boolean): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return valid(parsed) ? (parsed as T) : null;
  } catch {
    return null;
  }
}

function writeKept(key: string, value: unknown) {
  try {
    if (value) sessionStorage.setItem(key, JSON.stringify(value));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage refused (full, or disabled): nothing more can be kept.
  }
}

/** The kept change: the layout it made and the tenant's layout it was made to (so a later save applies only the change). */
interface UnsavedChange {
  widgets: DashboardWidgetPlacement[];
  /** Absent in what an earlier version kept (a plain list): then the layout loaded after the login counts. */
  before?: DashboardWidgetPlacement[];
}
const readUnsaved = (key: string): UnsavedChange | null => {
  const kept = readKept<UnsavedChange | DashboardWidgetPlacement[]>(key, (v) => Array.isArray(v) || (!!v && typeof v === 'object' && Array.isArray((v as UnsavedChange).widgets)));
  return Array.isArray(kept) ? { widgets: kept } : kept;
};
const writeUnsaved = (key: string, change: UnsavedChange | null) => writeKept(key, change);
const readDraft = (key: string) =>
  readKept<ConfigDraft>(key, (v) => !!v && typeof v === 'object' && typeof (v as ConfigDraft).widgetId === 'string' && typeof (v as ConfigDraft).config === 'object');

const newInstanceId = () => `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/**
 * Renders a context dashboard as the platform does: a 12-column grid with section headings,
 * each widget a parcel of its widget contribution. Editors add, configure, move, resize and
 * remove widgets; each change is saved to the dashboard's managed object at once.
 */
export function DashboardHost({ dashboard, widgets, widgetContributions, context, queryClient, pluginsLoading, takeSavedLayout }: DashboardHostProps) {
  addDashboardTexts();
  const { t, i18n: i } = useShellT();
  // A dashboard is a managed object (c8y_Dashboard): changing it is an inventory write.
  const canEdit = can(context.user, REQUIRES.inventoryUpdate);
  const [saved, setSaved] = useState<{ id: string | null; widgets: DashboardWidgetPlacement[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** Bumped by Retry after a failed load: the saved layout is asked for again. */
  const [loadAttempt, setLoadAttempt] = useState(0);
  const loadErrorId = useId();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const unsavedStore = unsavedKey(dashboard.name, context.user?.userName ?? '');
  /** A change of this user that an ended session kept from being saved (see readUnsaved). */
  const [unsaved, setUnsaved] = useState<UnsavedChange | null>(() => (widgets ? null : readUnsaved(unsavedStore)));
  const draftStore = draftKey(dashboard.name, context.user?.userName ?? '');
  const closeDialog = useCallback(() => {
    writeKept(draftStore, null);
    setDialog(null);
  }, [draftStore]);
  const gridRefs = useRef(new Map<number, HTMLDivElement>());
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const savedId = useRef<string | null>(null);
  /** The layout the tenant has (as loaded or last saved), shown again when a save fails. */
  const persisted = useRef<DashboardWidgetPlacement[]>([]);
  /** Changes shown but not yet saved: a reload or closing the tab meanwhile would lose them, so it asks. */
  const [savesRunning, setSavesRunning] = useState(0);
  useUnloadGuard(savesRunning > 0);
  /** The layout this tab shows (what the next change is made to), kept in step with `saved`. */
  const shown = useRef<DashboardWidgetPlacement[]>([]);
  /** The latest change: only its failure puts the persisted layout back (a later save carries the earlier change). */
  const latestCommit = useRef(0);
  const addWidgetButton = useRef<HTMLButtonElement>(null);
  /** Bumped when a widget is removed: its card (and the Remove button focus would return to) is gone. */
  const [removals, setRemovals] = useState(0);
  useEffect(() => {
    const active = document.activeElement;
    if (removals > 0 && (!active || active === document.body)) addWidgetButton.current?.focus();
  }, [removals]);

  useEffect(() => {
    if (widgets) return;
    let stale = false;
    (takeSavedLayout?.() ?? loadDashboard(dashboard.name))
      .then((loaded) => {
        if (stale) return;
        setLoadError(null);
        savedId.current = loaded?.id ?? null;
        persisted.current = loaded?.widgets ?? [...dashboard.defaultWidgets];
        shown.current = persisted.current;
        setSaved(loaded ?? { id: null, widgets: persisted.current });
      })
      .catch((e: unknown) => {
        if (stale) return;
        // The defaults still show; the problem is said, not hidden.
        setLoadError(e instanceof Error ? e.message : String(e));
        shown.current = [...dashboard.defaultWidgets];
        setSaved({ id: null, widgets: shown.current });
      });
    return () => {
      stale = true;
    };
  }, [dashboard.name, dashboard.defaultWidgets, widgets, takeSavedLayout, loadAttempt]);

  const placements = widgets ?? saved?.widgets ?? null;
  const bands = useMemo(() => (placements ? layoutDashboard(dashboard.sections, placements) : []), [dashboard.sections, placements]);
  const ordered = useMemo(() => orderContributions(widgetContributions), [widgetContributions]);
  const byId = useMemo(() => new Map(ordered.map((w) => [w.id, w])), [ordered]);
  // Each placed widget's requests start now, while the widgets' code is still loading.
  useEffect(() => void prefetchPlacements(placements ?? [], byId, queryClient), [placements, byId, queryClient]);
  // Widgets sharing a title, in the order they are shown: their ordinal makes their region names unique.
  const sameTitle = useMemo(() => {
    const shown = bands.flatMap((b) => b.widgets);
    const key = (p: DashboardWidgetPlacement) => p.title ?? byId.get(p.widgetId)?.label ?? p.widgetId;
    const counts = new Map<string, number>();
    for (const p of shown) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
    const seen = new Map<string, number>();
    return new Map(
      shown.map((p) => {
        const n = (seen.get(key(p)) ?? 0) + 1;
        seen.set(key(p), n);
        return [p.instanceId, { n, count: counts.get(key(p)) ?? 1 }];
      }),
    );
  }, [bands, byId]);

  const show = useCallback((next: DashboardWidgetPlacement[]) => {
    shown.current = next;
    setSaved({ id: savedId.current, widgets: next });
  }, []);
  /** The shell's texts for a save that ends after a render (the language may have changed meanwhile). */
  const textOf = useRef(t);
  textOf.current = t;
  /** A card's title as shown, for naming it in a notice. */
  const titleOfPlacement = useRef((p: DashboardWidgetPlacement) => p.title ?? p.widgetId);
  titleOfPlacement.current = (p) => {
    const w = byId.get(p.widgetId);
    return w ? i.t(p.title ?? w.label, { ns: [w.pluginId, SHELL_NS] }) : (p.title ?? p.widgetId);
  };

  const commit = useCallback(
    (next: DashboardWidgetPlacement[], madeTo?: DashboardWidgetPlacement[]) => {
      /** The layout the change was made to: what this tab shows, or a kept change's own. */
      const before = madeTo ?? shown.current;
      show(next);
      setSaveError(null);
      const seq = ++latestCommit.current;
      setSavesRunning((n) => n + 1);
      // Saves run one after another, so the object is created once and the last layout wins.
      saving.current = saving.current.then(async () => {
        try {
          const meta = { name: dashboard.name, title: dashboard.title, deletable: dashboard.deletable };
          // Another user may have saved the dashboard since this tab read it: this user's change is
          // applied to the layout the tenant has now, so it never undoes theirs (the object is
          // saved whole, as the platform keeps it).
          const mergeInto = (current: LoadedDashboard | null) => (current ? mergeLayouts(before, next, current.widgets) : { widgets: next, othersChanged: false, lostChanges: [] });
          const current = await loadDashboard(dashboard.name);
          let merge = mergeInto(current);
          try {
            savedId.current = await saveDashboard(current?.id ?? null, meta, merge.widgets);
          } catch (e) {
            if (!(current && isPlatformError(e) && e.status === 404)) throw e;
            // Someone deleted the dashboard object meanwhile (through the API: the UI offers no
            // delete): saved into the tenant's dashboard of that name now, or as a new one, rather
            // than failing every later change of this visit. The change is applied to that
            // dashboard's layout, as to any other (the deleted one's would overwrite it).
            const found = await loadDashboard(dashboard.name);
            merge = mergeInto(found);
            savedId.current = await saveDashboard(found?.id ?? null, meta, merge.widgets);
          }
          persisted.current = merge.widgets;
          // The latest change carries every earlier one: an earlier failure is no longer true.
          if (seq === latestCommit.current) setSaveError(null);
          if (merge.othersChanged) {
            // What was saved is shown (a later change here carries it on: it is applied to the layout
            // saved now), and why it differs from what this user did: a toast, seen wherever the
            // user scrolled to on the dashboard.
            if (seq === latestCommit.current) show(merge.widgets);
            const t = textOf.current;
            const lost = merge.lostChanges.map((p) => t('Another user removed the widget "{{title}}" meanwhile: your change to it was not saved.', { title: titleOfPlacement.current(p) }));
            alerts.warning(t('Another user changed this dashboard meanwhile: it now shows their changes together with yours.'), {
              detail: lost.length > 0 ? lost.map((line) => <div key={line}>{line}</div>) : undefined,
            });
          }
        } catch (e) {
          if (isPlatformError(e) && e.status === 401) writeUnsaved(unsavedStore, { widgets: next, before: persisted.current });
          setSaveError(e instanceof Error ? e.message : String(e));
          // The page shows what every user gets, not a change that was not saved.
          if (seq === latestCommit.current) show(persisted.current);
        } finally {
          setSavesRunning((n) => n - 1);
        }
      });
    },
    [dashboard.name, dashboard.title, dashboard.deletable, unsavedStore, show],
  );

  /**
   * A config dialog the session's end closed (the page started afresh after the login) opens again
   * with what was typed, once the saved layout and the widget's plugin are there.
   */
  const draftChecked = useRef(false);
  useEffect(() => {
    if (draftChecked.current || widgets || !saved) return;
    const draft = readDraft(draftStore);
    if (!draft || !canEdit || loadError) {
      draftChecked.current = true;
      if (draft) writeKept(draftStore, null);
      return;
    }
    const widget = byId.get(draft.widgetId);
    if (!widget && pluginsLoading) return;
    draftChecked.current = true;
    const placement = draft.instanceId === null ? null : saved.widgets.find((p) => p.instanceId === draft.instanceId);
    // Its widget or its card is gone meanwhile: there is nothing left to configure.
    if (!widget || placement === undefined) return writeKept(draftStore, null);
    setEditing(true);
    setDialog({ kind: 'configure', widget, placement, draft });
  }, [widgets, saved, byId, pluginsLoading, canEdit, loadError, draftStore]);

  const editActions = (p: DashboardWidgetPlacement): EditActions | undefined =>
    editing && placements
      ? {
          move: (dx, dy) => commit(moveWidget(placements, p.instanceId, dx, dy)),
          resize: (dw, dh) => commit(resizeWidget(placements, p.instanceId, dw, dh)),
          configure: () => {
            const w = byId.get(p.widgetId);
            if (w) setDialog({ kind: 'configure', widget: w, placement: p });
          },
          remove: () => setDialog({ kind: 'remove', placement: p }),
        }
      : undefined;

  if (!placements) {
    return (
      <p className="text-muted p-16" data-testid="dashboard-loading">
        <i className="dlt-c8y-icon-circle-o-notch icon-spin" /> {t('Loading…')}
      </p>
    );
  }

  /** One grid column plus its gap, in px, of the band's grid (what a drag is measured in). */
  const cellWidthOf = (band: number) => {
    const grid = gridRefs.current.get(band);
    return grid ? (grid.clientWidth + GRID_GAP_PX) / DASHBOARD_COLUMNS : 0;
  };

  const titleOf = (w: Registered<WidgetContribution>) => i.t(w.label, { ns: [w.pluginId, SHELL_NS] });

  return (
    <div className="dashboard-host" data-testid="dashboard" data-dashboard={dashboard.name} data-editing={editing}>
      {canEdit && !widgets && (
        <div className="action-bar d-flex a-i-center m-b-8" role="toolbar" aria-label={t('Dashboard')}>
          {editing && (
            <button ref={addWidgetButton} type="button" className="btn btn-link" onClick={() => setDialog({ kind: 'gallery' })} data-testid="dashboard-add-widget">
              <i className="dlt-c8y-icon-plus-circle" aria-hidden="true" /> {t('Add widget')}
            </button>
          )}
          {/* Not while the saved layout is unknown: a save would then add a second dashboard object
              beside the tenant's (the defaults shown in its place), and the next load could show either. */}
          <button
            type="button"
            className="btn btn-link"
            aria-pressed={editing}
            disabled={!!loadError}
            title={loadError ? t('The dashboard can be edited once its saved layout has loaded.') : undefined}
            aria-describedby={loadError ? loadErrorId : undefined}
            onClick={() => setEditing(!editing)}
            data-testid="dashboard-edit"
            data-requires={formatRequirement(REQUIRES.inventoryUpdate)}
          >
            <i className={`dlt-c8y-icon-${editing ? 'check' : 'pencil'}`} aria-hidden="true" /> {editing ? t('Done') : t('Edit dashboard')}
          </button>
        </div>
      )}
      {loadError && (
        <div className="alert alert-warning" role="alert" data-testid="dashboard-load-error" id={loadErrorId}>
          {t('The saved layout could not be loaded; showing the default layout: {{message}}', { message: loadError })}
          {/* A line of its own: the server's message need not end with a full stop. */}
          <div>
            {canEdit && !widgets && <>{t('The dashboard can be edited once its saved layout has loaded.')} </>}
            <button type="button" className="btn btn-link btn-xs" onClick={() => setLoadAttempt((n) => n + 1)} data-testid="dashboard-load-retry">
              {t('Retry')}
            </button>
          </div>
        </div>
      )}
      {unsaved && canEdit && !widgets && !loadError && (
        <div className="alert alert-warning" role="alert" data-testid="dashboard-unsaved">
          {t('Your last change to this dashboard was not saved: your session had ended.')}
          <div>
            {(
              [
                ['save', t('Save it now')],
                ['discard', t('Discard it')],
              ] as const
            ).map(([choice, label]) => (
              <button
                key={choice}
                type="button"
                className="btn btn-link btn-xs"
                onClick={() => {
                  writeUnsaved(unsavedStore, null);
                  setUnsaved(null);
                  if (choice === 'discard') return;
                  setEditing(true);
                  // Applied to what the tenant has now: what another user saved meanwhile is kept.
                  commit(unsaved.widgets, unsaved.before);
                }}
                data-testid={`dashboard-unsaved-${choice}`}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      )}
      {saveError && (
        <div className="alert alert-danger" role="alert" data-testid="dashboard-save-error">
          {t('The dashboard could not be saved: {{message}}', { message: saveError })}
        </div>
      )}
      {bands.map((band, bi) => (
        <section key={band.title ?? `band-${bi}`} className="dashboard-band">
          {band.title && (
            <h3 className="dashboard-section-title" data-testid="dashboard-section">
              {i.t(band.title, { ns: [dashboard.pluginId, SHELL_NS] })}
            </h3>
          )}
          <div
            ref={(el) => {
              if (el) gridRefs.current.set(bi, el);
              else gridRefs.current.delete(bi);
            }}
            className="dashboard-grid"
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${DASHBOARD_COLUMNS}, minmax(0, 1fr))`,
              gridAutoRows: `${DASHBOARD_ROW_HEIGHT_PX}px`,
              gap: `${GRID_GAP_PX}px`,
            }}
          >
            {band.widgets.map((p) => (
              <div key={p.instanceId} style={{ gridColumn: `${p.column} / span ${p.width}`, gridRow: `${p.row} / span ${p.height}`, minWidth: 0, position: 'relative' }}>
                <WidgetCard
                  placement={p}
                  sameTitle={sameTitle.get(p.instanceId)}
                  widget={byId.get(p.widgetId)}
                  context={context}
                  queryClient={queryClient}
                  pluginsLoading={pluginsLoading}
                  edit={editActions(p)}
                  onDragMove={(px, py) => {
                    const { dx, dy } = cellsMoved(px, py, cellWidthOf(bi), DASHBOARD_ROW_HEIGHT_PX + GRID_GAP_PX);
                    if (dx || dy) commit(moveWidget(placements, p.instanceId, dx, dy));
                  }}
                />
                {editing && (
                  <ResizeHandle
                    onDone={(px, py) => {
                      const { dx, dy } = cellsMoved(px, py, cellWidthOf(bi), DASHBOARD_ROW_HEIGHT_PX + GRID_GAP_PX);
                      if (dx || dy) commit(resizeWidget(placements, p.instanceId, dx, dy));
                    }}
                  />
                )}
              </div>
            ))}
          </div>
        </section>
      ))}
      {placements.length === 0 && (
        <div className="c8y-empty-state text-center p-24" data-testid="dashboard-empty">
          <p className="text-muted">{t('This dashboard has no widgets yet.')}</p>
        </div>
      )}
      {dialog?.kind === 'gallery' && (
        <Gallery widgets={ordered} onClose={() => setDialog(null)} onPick={(w) => setDialog({ kind: 'configure', widget: w, placement: null })} />
      )}
      {dialog?.kind === 'configure' && (
        <ConfigModal
          widget={dialog.widget}
          initial={dialog.draft?.config ?? dialog.placement?.config ?? { ...dialog.widget.defaultConfig }}
          saved={dialog.placement?.config ?? { ...dialog.widget.defaultConfig }}
          draftTitle={dialog.draft?.title}
          onDraft={(config, title) => writeKept(draftStore, { widgetId: dialog.widget.id, instanceId: dialog.placement?.instanceId ?? null, config, title } satisfies ConfigDraft)}
          context={context}
          queryClient={queryClient}
          title={t('Configure {{title}}', { title: dialog.placement?.title ? i.t(dialog.placement.title, { ns: [dialog.widget.pluginId, SHELL_NS] }) : titleOf(dialog.widget) })}
          widgetTitle={dialog.placement?.title ? i.t(dialog.placement.title, { ns: [dialog.widget.pluginId, SHELL_NS] }) : titleOf(dialog.widget)}
          onClose={closeDialog}
          onSave={(config, newTitle) => {
            const target = dialog.placement;
            closeDialog();
            commit(
              target
                ? configureWidget(placements, target.instanceId, config, newTitle)
                : addWidget(placements, { widgetId: dialog.widget.id, title: newTitle, config, size: dialog.widget.defaultSize }, newInstanceId()),
            );
          }}
        />
      )}
      {dialog?.kind === 'remove' && (
        <Modal
          open
          title={t('Remove widget')}
          onClose={() => setDialog(null)}
          data-testid="widget-remove-confirm"
          buttons={[
            { label: t('Cancel'), onClick: () => setDialog(null) },
            {
              label: t('Remove'),
              className: 'btn-danger',
              onClick: () => {
                const target = dialog.placement;
                setDialog(null);
                commit(removeWidget(placements, target.instanceId));
                setRemovals((n) => n + 1);
              },
              'data-testid': 'widget-remove-ok',
            },
          ]}
        >
          <p>{t('Remove this widget from the dashboard for every user of the tenant?')}</p>
        </Modal>
      )}
    </div>
  );
}
