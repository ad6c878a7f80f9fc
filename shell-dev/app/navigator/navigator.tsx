import React, { useEffect, useState } from 'react';
import { onGroupsChanged } from '@shared/plugin-api/groups-changed';
import type { NavigatorNode } from '@shared/plugin-api/navigator';
import { iconClass } from '@shared/ui/icon';
import type { DynamicNavigatorNode, NavigatorChildrenPage, NavigatorNodeContribution, PlatformContext, Registered } from '@shared/plugin-api/types';
import { SHELL_NS } from '../constants';
import { useShellT } from '../i18n-setup';
import { normalizePath } from '../routing/match';

export interface NavigatorProps {
  title: string;
  tree: NavigatorNode[];
  /** The registered nodes, for the children some of them load from the server (Groups). */
  contributions: readonly Registered<NavigatorNodeContribution>[];
  activePath: string;
  context: PlatformContext;
  loading?: boolean;
}

const cls = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A node is active on its own path and below it ('/device/1' for '/device/1/info'). */
export function isActivePath(nodePath: string | undefined, activePath: string): boolean {
  if (!nodePath) return false;
  const p = normalizePath(nodePath);
  return activePath === p || (p !== '/' && activePath.startsWith(`${p}/`));
}

const containsActive = (node: NavigatorNode, activePath: string): boolean =>
  isActivePath(node.path, activePath) || node.children.some((c) => containsActive(c, activePath));

function Icon({ name }: { name?: string }) {
  return name ? <i className={`icon ${iconClass(name)}`} aria-hidden="true" /> : null;
}

interface RowProps {
  label: string;
  path?: string;
  icon?: string;
  active: boolean;
  expandable: boolean;
  open: boolean;
  onToggle: () => void;
  testId: string;
  nodeId: string;
}

function NodeRow({ label, path, icon, active, expandable, open, onToggle, testId, nodeId }: RowProps) {
  const { t } = useShellT();
  const content = (
    <>
      <Icon name={icon} />
      <span className="navigator-label">{label}</span>
    </>
  );
  // One control per name (issue 26): a group without a page of its own is a single toggle with the
  // chevron inside; an entry with a page is its link plus a toggle named after what it shows.
  return (
    <div className={cls('link', active && 'active', open && 'open', expandable && 'parent')} data-testid={testId} data-node-id={nodeId}>
      {path ? (
        <a className={cls('btn-clean', open && 'open')} href={`#${normalizePath(path)}`} title={label} aria-current={active ? 'page' : undefined}>
          {content}
        </a>
      ) : (
        <button type="button" className={cls('btn-clean', open && 'open')} title={label} onClick={onToggle} aria-expanded={expandable ? open : undefined}>
          {content}
          {expandable && <i className="expander dlt-c8y-icon-chevron-down m-l-auto" aria-hidden="true" />}
        </button>
      )}
      {expandable && path && (
        <button type="button" className="btn-clean expander-button" onClick={onToggle} aria-label={t('Entries under {{label}}', { label })} aria-expanded={open}>
          <i className={cls('expander', open ? 'dlt-c8y-icon-chevron-up' : 'dlt-c8y-icon-chevron-down')} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

function DynamicChildren({
  load,
  activePath,
}: {
  load: () => Promise<NavigatorChildrenPage>;
  activePath: string;
}) {
  const { t } = useShellT();
  const [nodes, setNodes] = useState<DynamicNavigatorNode[]>([]);
  const [more, setMore] = useState<(() => Promise<NavigatorChildrenPage>) | undefined>();
  const [state, setState] = useState<'loading' | 'done' | 'error'>('loading');
  const [error, setError] = useState('');
  /**
   * Where keyboard focus goes once "Search more" (or its Retry) has answered: the button is gone while
   * it loads, so focus would fall to the page. The first new entry, or Retry when it failed.
   */
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const retryButton = React.useRef<HTMLButtonElement>(null);

  // Only the latest load shows: a reload (groups changed) can overtake a slower earlier one.
  const latest = React.useRef(0);
  /** The last request, which Retry sends again (the first page or the next one). */
  const last = React.useRef<{ request: () => Promise<NavigatorChildrenPage>; append: boolean } | null>(null);
  const take = (request: () => Promise<NavigatorChildrenPage>, append: boolean) => {
    last.current = { request, append };
    // A reload of the level (groups changed) is nobody's keystroke: its entries take no focus.
    if (!append) setFocusFrom(null);
    const call = ++latest.current;
    const page = request();
    setState('loading');
    page
      .then((p) => {
        if (call !== latest.current) return;
        setNodes((prev) => (append ? [...prev, ...p.nodes] : p.nodes));
        setMore(() => p.more);
        setState('done');
      })
      .catch((e: unknown) => {
        if (call !== latest.current) return;
        setError(e instanceof Error ? e.message : String(e));
        setState('error');
      });
  };

  useEffect(() => take(load, false), [load]);
  useEffect(() => {
    if (focusFrom !== null && state === 'error') retryButton.current?.focus();
  }, [focusFrom, state]);
  const takeMore = (request: () => Promise<NavigatorChildrenPage>) => {
    setFocusFrom(nodes.length);
    take(request, true);
  };

  return (
    <>
      {nodes.map((n, i) => (
        <DynamicNode key={n.id} node={n} activePath={activePath} focusOnMount={i === focusFrom} />
      ))}
      {state === 'loading' && <p className="text-muted p-l-16 small">{t('Loading…')}</p>}
      {state === 'error' && (
        <p className="text-danger p-l-16 small" role="alert" data-testid="navigator-children-error">
          {t('The entries could not be loaded: {{message}}', { message: error })}{' '}
          <button
            ref={retryButton}
            type="button"
            className="btn btn-link btn-xs"
            onClick={() => last.current && (last.current.append ? takeMore(last.current.request) : take(last.current.request, false))}
          >
            {t('Retry')}
          </button>
        </p>
      )}
      {state === 'done' && more && (
        <button type="button" className="btn btn-link showMore" onClick={() => takeMore(more)}>
          {t('Search more')}
        </button>
      )}
    </>
  );
}

/** How many times plugins have announced changed groups (plugin-api/groups-changed.ts). */
let groupsVersionCount = 0;
const groupsVersionSubscribers = new Set<() => void>();
let stopListening: (() => void) | undefined;
const readGroupsVersion = () => groupsVersionCount;
function subscribeGroupsVersion(notify: () => void): () => void {
  groupsVersionSubscribers.add(notify);
  stopListening ??= onGroupsChanged(() => {
    groupsVersionCount++;
    for (const n of groupsVersionSubscribers) n();
  });
  return () => {
    groupsVersionSubscribers.delete(notify);
    if (groupsVersionSubscribers.size === 0) {
      stopListening?.();
      stopListening = undefined;
    }
  };
}

/** Loaders of dynamic children, bound to the contribution and context (set by NavNode). */
const DynamicLoad = React.createContext<((parentPath: string | null) => Promise<NavigatorChildrenPage>) | null>(null);

function DynamicNode({ node, activePath, focusOnMount }: { node: DynamicNavigatorNode; activePath: string; focusOnMount?: boolean }) {
  const loadChildren = React.useContext(DynamicLoad);
  const [open, setOpen] = useState(false);
  const slot = React.useRef<HTMLDivElement>(null);
  // Only when it arrives (the first entry "Search more" brought): a later render never moves focus.
  const focusNow = React.useRef(focusOnMount);
  useEffect(() => {
    if (focusNow.current) slot.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, []);
  const load = React.useCallback(() => (loadChildren ? loadChildren(node.path) : Promise.resolve({ nodes: [] })), [loadChildren, node.path]);
  return (
    <div className="slot" ref={slot}>
      <NodeRow
        label={node.label}
        path={node.path}
        icon={node.icon}
        active={isActivePath(node.path, activePath)}
        expandable={node.expandable}
        open={open}
        onToggle={() => setOpen((o) => !o)}
        testId="navigator-node"
        nodeId={node.id}
      />
      {node.expandable && open && (
        <div className="children collapse in">
          <DynamicChildren load={load} activePath={activePath} />
        </div>
      )}
    </div>
  );
}

function NavNode({
  node,
  props,
  translate,
}: {
  node: NavigatorNode;
  props: NavigatorProps;
  translate: (label: string, pluginId?: string) => string;
}) {
  const { activePath, contributions, context } = props;
  // A merged root carries one contribution's id; the loader may come from another of the same label.
  const contribution = node.loadsChildren
    ? contributions.find((c) => c.loadChildren && (c.id === node.id || (!c.parent && c.label === node.label)))
    : undefined;
  const loadChildren = contribution?.loadChildren;
  const expandable = node.children.length > 0 || !!loadChildren;
  const holdsActive = containsActive(node, activePath);
  const [open, setOpen] = useState(holdsActive);
  useEffect(() => {
    if (holdsActive) setOpen(true);
  }, [holdsActive]);

  // The context changes on every navigation; the children only depend on who is logged in, so the
  // loader is rebuilt for another user only and reads the latest context when it runs.
  const contextRef = React.useRef(context);
  contextRef.current = context;
  const user = context.user;
  // A plugin that changed the groups announces it: a new loader reloads every open level.
  const groupsVersion = React.useSyncExternalStore(subscribeGroupsVersion, readGroupsVersion);
  const boundLoad = React.useMemo(
    () => (loadChildren ? (parentPath: string | null) => loadChildren(parentPath, { ...contextRef.current, user }) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- groupsVersion is what makes the loader new
    [loadChildren, user, groupsVersion],
  );
  const loadRoot = React.useCallback(() => (boundLoad ? boundLoad(null) : Promise.resolve({ nodes: [] })), [boundLoad]);

  return (
    <div className="slot">
      <NodeRow
        label={translate(node.label, node.pluginId ?? node.children[0]?.pluginId)}
        path={node.path}
        icon={node.icon}
        active={isActivePath(node.path, activePath)}
        expandable={expandable}
        open={open}
        onToggle={() => setOpen((o) => !o)}
        testId="navigator-node"
        nodeId={node.id}
      />
      {expandable && (
        <div className={cls('children', 'collapse', open && 'in')}>
          {node.children.map((child) => (
            <NavNode key={child.id} node={child} props={props} translate={translate} />
          ))}
          {boundLoad && open && (
            <DynamicLoad.Provider value={boundLoad}>
              <DynamicChildren load={loadRoot} activePath={activePath} />
            </DynamicLoad.Provider>
          )}
        </div>
      )}
    </div>
  );
}

/** The platform's left navigator: groups merged by label, collapsible, the active item marked. */
export function Navigator(props: NavigatorProps) {
  const { t, i18n } = useShellT();
  const translate = (label: string, pluginId?: string) => i18n.t(label, { ns: [pluginId ?? SHELL_NS, SHELL_NS] });
  return (
    <nav className="navigator open" data-testid="navigator" aria-label={t('Navigator')}>
      {/* No app icon: the platform's is in its older c8y-icon font, a second font download before the first rows. */}
      <div className="title">
        <span>{props.title}</span>
      </div>
      <div className="navigatorContent">
        {/* Keyed by label, unique among roots: a merged root takes the id of its latest contribution,
            so a plugin registering later (the deferred ones, after the screen's data) changed the key,
            and the group a user had opened was built again, closed. */}
        {props.tree.map((node) => (
          <NavNode key={node.label} node={node} props={props} translate={translate} />
        ))}
        {props.loading && (
          <p className="text-muted p-16 small" data-testid="navigator-loading">
            <i className="dlt-c8y-icon-circle-o-notch icon-spin" /> {t('Loading plugins…')}
          </p>
        )}
      </div>
    </nav>
  );
}
