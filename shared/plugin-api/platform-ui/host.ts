/**
 * The one Angular component that hosts a contribution inside the platform UI. It is defined the
 * way an AOT compiler emits components (ɵɵdefineComponent), so it runs in shells built without
 * the JIT compiler as well as in JIT shells; a test per supported SDK version guards this private
 * API (e2e/platform-shell.test.ts). Everything else (React, the parcel, the context) loads lazily
 * from ./mount when the component is first shown, outside Angular's zone, so React's events do
 * not run Angular's change detection.
 */
import * as ng from '@angular/core';
import { ControlContainer, FormControl } from '@angular/forms';
import { ActivatedRoute, NavigationEnd, Router } from '@angular/router';
import { AppStateService, HeaderService } from '@c8y/ngx-components';
import type { Loader } from '../types';
import { routeContext, shownRoute } from './context';
import type { HostKind, MountedContribution } from './mount';

type WidgetDialog = import('@c8y/ngx-components/context-dashboard').WidgetConfigService;

/**
 * The platform's widget dialog around this host, if any. Its package is taken from the shell's
 * share scope only when a widget or its form is shown; a shell that does not share it gets no
 * preview, nothing else changes.
 */
function widgetDialog(injector: ng.Injector): Promise<WidgetDialog | null> {
  return import('@c8y/ngx-components/context-dashboard').then(
    (m) => injector.get(m.WidgetConfigService, null),
    (e: unknown) => {
      console.warn('the platform widget dialog cannot be reached: no preview of the widget', e);
      return null;
    },
  );
}

export interface HostSpec {
  pluginId: string;
  contributionId: string;
  kind: HostKind;
  loader: Loader;
  /** Widgets: the values a new instance starts from and the form's validation. */
  defaultConfig?: Record<string, unknown>;
  /** Routes: the page title the platform's header shows (English; translated once the plugin's texts are loaded). */
  title?: string;
}

/** ViewEncapsulation.None: the platform's stylesheet reaches the plugin's markup. */
const ENCAPSULATION_NONE = 2;

/** The header's title when it is not the screen's h1: the platform styles only an h1 there (@c8y/style 1023). */
const PAGE_TITLE_CLASS = 'adamos-page-title';
const PAGE_TITLE_STYLES = [
  `.page-header .c8y-ui-title .${PAGE_TITLE_CLASS}{display:inline-block;margin:0;width:100%;letter-spacing:-.03em;font-weight:400;font-size:18px;line-height:1.1}` +
    `@media (min-width:768px){.page-header .c8y-ui-title .${PAGE_TITLE_CLASS}{font-size:26px}}`,
];

let hosts = 0;

export function parcelHostComponent(spec: HostSpec): unknown {
  const selector = `adamos-contribution-${++hosts}`;

  class ContributionHostComponent {
    /** Widgets and their config forms: the platform sets the instance's config object. */
    config: Record<string, unknown> | undefined;
    private readonly element = ng.inject(ng.ElementRef).nativeElement;
    private readonly zone = ng.inject(ng.NgZone);
    private readonly appState = ng.inject(AppStateService);
    private readonly route = ng.inject(ActivatedRoute, { optional: true });
    private readonly injector = ng.inject(ng.Injector);
    private readonly router = ng.inject(Router, { optional: true });
    /** A config form's widget dialog (its Preview), once asked for. */
    private dialog: Promise<WidgetDialog | null> | undefined;
    private previewSubscription: { unsubscribe(): void } | undefined;
    private navigation: { unsubscribe(): void } | undefined;
    private readonly header = spec.kind === 'route' || spec.kind === 'device-tab' ? ng.inject(HeaderService, { optional: true }) : null;
    /** A config form: the platform's widget dialog form, whose validity enables its Save button. */
    private readonly dialogForm = spec.kind === 'widget-config' ? ng.inject(ControlContainer, { optional: true }) : null;
    private configErrors: readonly string[] = [];
    /** Invalid while the form's validator has messages: the dialog's Save is disabled, as the dev shell's is. */
    private readonly validity = this.dialogForm ? new FormControl(null, () => (this.configErrors.length > 0 ? { adamosWidgetConfig: this.configErrors } : null)) : null;
    private mounted: Promise<MountedContribution | undefined> | undefined;
    private destroyed = false;
    /** The page's title in the header (routes, device tabs), and the element showing it there. */
    private title: string | undefined;
    private heading: HTMLElement | undefined;
    private contentHeading: MutationObserver | undefined;

    /**
     * Hands the header the title: the screen's h1, unless the page below names itself with one
     * (the device lists, with their count), then plain text in the h1's look, so every screen has
     * exactly one h1, as in the dev shell (shell-dev/app/layout/page-heading.ts).
     */
    private showTitle(contentHasH1: boolean): void {
      if (!this.header || !this.title) return;
      const tag = contentHasH1 ? 'DIV' : 'H1';
      const heading = this.heading?.tagName === tag ? this.heading : document.createElement(tag);
      heading.className = contentHasH1 ? `text-truncate ${PAGE_TITLE_CLASS}` : 'text-truncate';
      heading.textContent = this.title;
      this.heading = heading;
      // The platform names the browser tab only after an h1 in the header: without one, we do.
      this.header.changeTitle(heading, !contentHasH1);
      if (contentHasH1) this.header.changePageTitle(this.title);
    }

    /** Pages render late (lazy chunks, data): the header follows the DOM, not the first render. */
    private followContentHeading(): void {
      if (typeof MutationObserver === 'undefined') return;
      const check = () => {
        const has = !!this.element.querySelector('h1');
        if (this.heading && has !== (this.heading.tagName !== 'H1')) this.zone.run(() => this.showTitle(has));
      };
      this.contentHeading = new MutationObserver(check);
      this.contentHeading.observe(this.element, { childList: true, subtree: true });
    }

    ngOnInit(): void {
      // The header shows what a page hands it (a DOM element will do); without one it kept the
      // previous platform page's title (e.g. "Home"). A device tab's page is titled with the device's
      // name, as the dev shell's and the platform's own device pages are.
      const device = spec.kind === 'device-tab' ? routeContext(this.route?.snapshot ?? null).device : undefined;
      this.title = device ? (device.name ?? device.id) : spec.title;
      if (this.header && this.title) {
        this.showTitle(false);
        this.followContentHeading();
      }
      const config = this.config ?? {};
      // A config form edits the platform's object in place; the platform saves that object.
      if (spec.kind === 'widget-config' && this.config) {
        for (const [k, v] of Object.entries(spec.defaultConfig ?? {})) if (!(k in this.config)) this.config[k] = v;
      }
      if (this.validity) this.dialogForm?.control?.addControl(selector, this.validity);
      this.mounted = this.zone.runOutsideAngular(() =>
        // No chunk name: each name is bytes in every plugin's remote entry, fetched uncached (5 kB budget).
        import('./mount').then((m) =>
          this.destroyed
            ? undefined
            : m.mountContribution({
                ...spec,
                element: this.element,
                appState: this.appState,
                // The action bar is outside the page's outlet: its own route is the root; the page's is the router's deepest.
                route: () => (spec.kind === 'action-bar-item' ? shownRoute(this.router?.routerState.snapshot.root ?? null) : (this.route?.snapshot ?? null)),
                config: { ...(spec.defaultConfig ?? {}), ...config },
                onConfigChange: (next, errors) => {
                  if (this.config) Object.assign(this.config, next);
                  // The dialog's Preview shows the widget with the form's valid values (the dialog debounces them).
                  if (errors.length === 0) void this.dialog?.then((d) => this.zone.run(() => d?.updateConfig({ ...next })));
                  this.configErrors = errors;
                  // The form reports from React, outside Angular's zone: inside it, the Save button follows at once.
                  if (this.validity) this.zone.run(() => this.validity?.updateValueAndValidity());
                },
                onTitle: (translate) => {
                  if (!this.heading || !spec.title || this.destroyed) return;
                  this.title = translate(spec.title);
                  // The platform names the browser tab after the header's h1 only when the header
                  // changes: without this the tab kept the English title (German: 'Devices / ...').
                  this.zone.run(() => this.showTitle(this.heading?.tagName !== 'H1'));
                },
              }),
        ),
      );
      this.connectPreview();
      // The platform reuses a route's host when only its parameters change (the navigator from
      // IoTconnectors to CELOS OS (IPC x64)) and moves by pushState, which fires no hashchange: the
      // page kept the previous route's list.
      this.navigation = this.router?.events.subscribe((e) => {
        if (e instanceof NavigationEnd) void this.mounted?.then((m) => this.zone.runOutsideAngular(() => m?.refresh()));
      });
    }

    /**
     * In the platform's widget dialog: the form asks for the Preview (the platform shows "No preview
     * available." otherwise), and the widget shown there follows the dialog's config, which the
     * platform hands it only under a key our widgets do not use.
     */
    private connectPreview(): void {
      if (spec.kind === 'widget-config') {
        this.dialog = widgetDialog(this.injector);
        void this.dialog.then((d) => d?.setPreview(true));
      } else if (spec.kind === 'widget') {
        void this.followPreview();
      }
    }

    private async followPreview(): Promise<void> {
      // In the DOM once its code has loaded.
      const m = await this.mounted;
      if (!m || !this.element.closest('c8y-widget-preview')) return;
      const d = await widgetDialog(this.injector);
      if (!d || this.destroyed) return;
      this.previewSubscription = d.currentConfig$.subscribe((current) => {
        if (current) m.setConfig({ ...(spec.defaultConfig ?? {}), ...current });
      });
    }

    /** The platform asks a config form before it saves: an invalid form keeps the dialog open. */
    onBeforeSave(): Promise<boolean> {
      return (this.mounted ?? Promise.resolve(undefined)).then((m) => (m ? m.configErrors().length === 0 : true));
    }

    ngOnDestroy(): void {
      this.destroyed = true;
      this.previewSubscription?.unsubscribe();
      this.navigation?.unsubscribe();
      this.contentHeading?.disconnect();
      this.dialogForm?.control?.removeControl(selector);
      void this.mounted?.then((m) => m?.unmount());
    }

    static ɵfac = (t?: new () => ContributionHostComponent) => new (t ?? ContributionHostComponent)();
    static ɵcmp = ng.ɵɵdefineComponent({
      type: ContributionHostComponent,
      // An action-bar item is a list item of the action bar's <ul> (the platform's advice for its items).
      selectors: spec.kind === 'action-bar-item' ? [['li', selector, '']] : [[selector]],
      standalone: true,
      inputs: { config: 'config' },
      decls: 0,
      vars: 0,
      template: () => undefined,
      styles: PAGE_TITLE_STYLES,
      encapsulation: ENCAPSULATION_NONE,
    });
  }
  return ContributionHostComponent;
}
