/**
 * The extension contract between the dev shell (or the real platform) and the plugins.
 * A plugin is data: a list of contributions. UI code is reached only through lazy loaders.
 */
import type { ParcelConfig } from 'single-spa';

/** The one placeholder used for `{product}` in type names (spec: "use one constant everywhere"). */
export const PRODUCT = 'adamos';

export interface CurrentUser {
  id: string;
  userName: string;
  displayName?: string;
  email?: string;
  /** Role ids (e.g. ROLE_MANAGE_SOFTWARE_ADMIN), resolved from the user's roles and groups. */
  effectiveRoles: readonly string[];
}

export interface Tenant {
  name: string;
  domainName?: string;
}

/** A managed object as the inventory returns it; fragments are open-ended. */
export interface Device {
  id: string;
  name?: string;
  type?: string;
  [fragment: string]: unknown;
}

export type Language = 'en' | 'de';

/** What every contribution receives. Frozen by the shell; changes arrive through parcel update. */
export interface PlatformContext {
  readonly user: CurrentUser | null;
  readonly tenant: Tenant | null;
  readonly language: Language;
  /** Current hash path without '#', e.g. '/device/42/info'. Admin area: path contains '/admin'. */
  readonly path: string;
  /** Query parameters of the current hash route. */
  readonly query: Readonly<Record<string, string>>;
  /** Route parameters matched from the contribution's path pattern (e.g. { deviceType }). */
  readonly params: Readonly<Record<string, string>>;
  /**
   * The managed object of a context page: the device of a device route (device tabs), the group
   * of a group's pages (action-bar items with context 'group').
   */
  readonly device?: Device;
  /** Hash navigation ('/views/iotconnector'). */
  readonly navigate: (path: string) => void;
}

/** Props the shell hands every parcel it mounts. */
export interface ContributionProps {
  pluginId: string;
  contributionId: string;
  context: PlatformContext;
  /** The shell's QueryClient (one per page, shared across plugins). */
  queryClient: unknown;
  /** Widget instances only. */
  widget?: WidgetInstanceProps;
}

export interface WidgetInstanceProps {
  instanceId: string;
  config: Readonly<Record<string, unknown>>;
  /** Config forms only: report the edited config and whether it is valid. */
  onConfigChange?: (config: Record<string, unknown>, errors: readonly string[]) => void;
}

export type ParcelModule = { default: ParcelConfig<ContributionProps> } | ParcelConfig<ContributionProps>;
/** Lazy: metadata loads at start-up, UI code only when shown. */
export type Loader = () => Promise<ParcelModule>;

interface ContributionBase {
  /** `<kind>:<plugin-id>/<name>` */
  id: string;
  priority: number;
}

export interface NavigatorNodeContribution extends ContributionBase {
  kind: 'navigator-node';
  label: string;
  path?: string;
  icon?: string;
  /** Label of the parent node (e.g. 'Devices', 'Management', 'Groups'); parents are merged by label. */
  parent?: string;
  visible?: (ctx: PlatformContext) => boolean;
  /**
   * Children that come from the server (the Groups tree): called when the node is expanded
   * (parentPath null) and for each expandable child. Pages of children may offer `more`
   * (the spec's "Search more" for dynamic groups).
   */
  loadChildren?: (parentPath: string | null, ctx: PlatformContext) => Promise<NavigatorChildrenPage>;
}

export interface DynamicNavigatorNode {
  id: string;
  label: string;
  path: string;
  icon?: string;
  expandable: boolean;
}

export interface NavigatorChildrenPage {
  nodes: DynamicNavigatorNode[];
  /** Loads the next page, when there is one. */
  more?: () => Promise<NavigatorChildrenPage>;
}

export interface RouteContribution extends ContributionBase {
  kind: 'route';
  /** Hash path pattern: '/views/:deviceType', '/device-profiles-v2/:id'. */
  path: string;
  title: string;
  loader: Loader;
  visible?: (ctx: PlatformContext) => boolean;
}

export interface DeviceTabContribution extends ContributionBase {
  kind: 'device-tab';
  /** Last path segment under /device/:id/ (e.g. 'software'). */
  path: string;
  label: string;
  icon?: string;
  filter?: (device: Device, ctx: PlatformContext) => boolean;
  loader: Loader;
}

export interface WidgetContribution extends ContributionBase {
  kind: 'widget';
  label: string;
  description: string;
  previewImage?: string;
  defaultConfig: Record<string, unknown>;
  /** Returns the messages of every invalid field; empty when valid. */
  validateConfig: (config: Record<string, unknown>) => string[];
  loader: Loader;
  configLoader: Loader;
  /**
   * Optional: starts the requests an instance with `config` makes (into the host's query client)
   * as soon as the host knows its layout, while the widget's code still loads. Load its code with
   * a dynamic import: the plugin's start chunk carries metadata only.
   */
  prefetch?: (config: Readonly<Record<string, unknown>>, queryClient: unknown) => Promise<void>;
  /**
   * Optional: the size a newly added instance gets, in dashboard grid cells (12 columns; rows as
   * the dashboard counts them), where the host's default would cut the widget (a chart's axis).
   */
  defaultSize?: { width: number; height: number };
}

/** A widget placed on a dashboard's 12-column grid. */
export interface DashboardWidgetPlacement {
  instanceId: string;
  /** Id of a widget contribution. */
  widgetId: string;
  title?: string;
  x: number;
  y: number;
  w: number;
  h: number;
  config: Record<string, unknown>;
}

export interface DashboardSection {
  /** Heading shown above the row starting at `y`. */
  title: string;
  y: number;
}

/**
 * A context dashboard the shell hosts (platform: a managed object with c8y_Dashboard).
 * Added because the spec's 'Device Operations Dashboard' is a named, non-deletable dashboard
 * with a default layout that the shell's dashboard host renders and lets editors change.
 */
export interface DashboardContribution extends ContributionBase {
  kind: 'dashboard';
  /** Dashboard name as stored (e.g. 'deviceOperationsDashboardAngular'). */
  name: string;
  path: string;
  title: string;
  deletable: boolean;
  sections: DashboardSection[];
  defaultWidgets: DashboardWidgetPlacement[];
}

/** The pages an action-bar item shows on: a device's or a group's (its tabs included). */
export type ActionBarContext = 'device' | 'group';

/**
 * A button in the action bar of a context page (the platform UI's header action bar,
 * placement right, on the platform's own device and group pages). Metadata only: the button and
 * what it opens come from `loader` when such a page is shown to a user `visible` lets see it.
 */
export interface ActionBarItemContribution extends ContributionBase {
  kind: 'action-bar-item';
  context: ActionBarContext;
  /** What the button says (the loaded component renders it; used for logs and tests). */
  label: string;
  /** Shown only when true; `ctx.device` is the page's device or group. Decides before any code loads. */
  visible?: (ctx: PlatformContext) => boolean;
  /** The button and its flow (dialogs, messages); mounted in the action bar with `ctx.device` set. */
  loader: Loader;
}

export type Contribution =
  | NavigatorNodeContribution
  | RouteContribution
  | DeviceTabContribution
  | WidgetContribution
  | DashboardContribution
  | ActionBarItemContribution;

export type ContributionKind = Contribution['kind'];

export interface PluginDefinition {
  id: string;
  contributions: Contribution[];
  /**
   * The plugin's i18n namespace (= plugin id) per language, loaded by the shell at registration
   * so metadata such as navigator labels and tab titles are translated too.
   */
  locales?: Record<string, () => Promise<{ default: Record<string, string> } | Record<string, string>>>;
}

/** A contribution tagged with the plugin that sent it (the shell's registry entries). */
export type Registered<C extends Contribution = Contribution> = C & { pluginId: string };
