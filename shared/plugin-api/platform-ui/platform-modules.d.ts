/**
 * The few parts of the platform UI's own packages the adapter uses. They are never bundled: in the
 * Cumulocity shell they come from its share scope (webpack.config.ts shares them with
 * `import: false`), so the project does not install Angular; these declarations follow
 * @c8y/ngx-components 1023.77.1 and @angular/core and /forms 20.3 (the versions the tests run against).
 */
declare module '@angular/core' {
  export class ElementRef<T = HTMLElement> {
    nativeElement: T;
  }
  export class NgZone {
    run<T>(fn: () => T): T;
    runOutsideAngular<T>(fn: () => T): T;
  }
  export class Injector {
    get<T>(token: abstract new (...args: never[]) => T, notFoundValue: null): T | null;
  }
  export class ChangeDetectorRef {
    markForCheck(): void;
  }
  export function inject<T>(token: abstract new (...args: never[]) => T): T;
  export function inject<T>(token: abstract new (...args: never[]) => T, options: { optional: true }): T | null;
  /** What an AOT compiler emits for a component: usable without the JIT compiler. */
  export function ɵɵdefineComponent(def: {
    type: unknown;
    selectors: string[][];
    standalone?: boolean;
    inputs?: Record<string, string>;
    decls: number;
    vars: number;
    template: (rf: number, ctx: unknown) => void;
    /** CSS the platform adds to the page while the component is shown (unscoped with encapsulation None). */
    styles?: string[];
    encapsulation?: number;
  }): unknown;
}

declare module '@angular/forms' {
  export abstract class AbstractControl {
    updateValueAndValidity(opts?: { onlySelf?: boolean; emitEvent?: boolean }): void;
  }
  export class FormControl<T = unknown> extends AbstractControl {
    constructor(value: T, validator?: (control: AbstractControl) => Record<string, unknown> | null);
  }
  export class FormGroup extends AbstractControl {
    addControl(name: string, control: AbstractControl): void;
    removeControl(name: string): void;
  }
  /** What a form's children inject: the platform's widget dialog provides its NgForm as this. */
  export abstract class ControlContainer {
    get control(): FormGroup | null;
  }
}

declare module '@angular/router' {
  export interface ActivatedRouteSnapshot {
    params: Record<string, string>;
    queryParams: Record<string, string>;
    data: Record<string, unknown>;
    parent: ActivatedRouteSnapshot | null;
    pathFromRoot: ActivatedRouteSnapshot[];
    /** The route's entry in the router's configuration (its `path` as registered). */
    routeConfig: { path?: string } | null;
    firstChild: ActivatedRouteSnapshot | null;
  }
  export class ActivatedRoute {
    snapshot: ActivatedRouteSnapshot;
  }
  /** A guard returns one of its trees to send the navigation elsewhere. */
  export interface UrlTree {
    toString(): string;
  }
  /** A navigation that completed (the router's events emit others too). */
  export class NavigationEnd {
    url: string;
  }
  export class Router {
    /** The activated routes now (root first; the shown page is the deepest first child). */
    routerState: { snapshot: { root: ActivatedRouteSnapshot } };
    createUrlTree(commands: readonly unknown[]): UrlTree;
    events: { subscribe(next: (event: unknown) => void): { unsubscribe(): void } };
  }
}

declare module '@c8y/ngx-components' {
  interface Subscribable<T> {
    readonly value: T;
    subscribe(next: (value: T) => void): { unsubscribe(): void };
  }
  export class HeaderService {
    /** The header's title: a TemplateRef, a component or a DOM element. */
    changeTitle(title?: unknown, pageTitleUpdate?: boolean): void;
    /** The browser tab's title ('<title> / <application>'); the header sets it from its h1 otherwise. */
    changePageTitle(title: string): void;
  }
  export class AppStateService {
    currentUser: Subscribable<import('../current-user').PlatformUserLike | null>;
    currentTenant: Subscribable<{ name: string; domainName?: string } | null>;
    state$: Subscribable<{ lang?: string }>;
  }
  export interface NavigatorNodeData {
    label?: string;
    path?: string;
    icon?: string;
    priority?: number;
    parent?: NavigatorNodeData | string;
    preventDuplicates?: boolean;
  }
  export class NavigatorNode {
    constructor(data: NavigatorNodeData);
  }
  /** The navigator: asks its factories once, and again on refresh(). */
  export class NavigatorService {
    refresh(): void;
  }
  /** A context route's path; the context route's data holds it as `context` (and its object as `contextData`). */
  export const ViewContext: { readonly Device: 'device/:id'; readonly Group: 'group/:id' };
  /** A hook's provider: `{provide, useValue | useClass, multi}`. */
  export type HookProvider = { provide: unknown; multi?: boolean };
  export function hookNavigator(nodes: unknown): HookProvider;
  export function hookRoute(route: unknown): HookProvider;
  export function hookWidget(widget: unknown): HookProvider;
  /** Items (`{component, placement, priority}`), or a factory whose `get(route)` the action bar asks on every navigation. */
  export function hookActionBar(items: unknown): HookProvider;
}

/** The platform's widget dialog: its Preview shows a widget's view once the widget asks for it. */
declare module '@c8y/ngx-components/context-dashboard' {
  export class WidgetConfigService {
    /** The dialog's config object of the selected widget (the widget's own fields at its top level). */
    currentConfig$: { subscribe(next: (config: Record<string, unknown> | null) => void): { unsubscribe(): void } };
    /** true: the Preview renders the widget's view component; null: "No preview available.". */
    setPreview(preview: true | null): void;
    /** Hands a config form's change to the dialog (debounced there); the Preview follows it. */
    updateConfig(change: Record<string, unknown>): void;
  }
}
