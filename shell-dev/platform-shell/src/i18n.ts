// Each imported .po becomes an entry of options.languages (devkit's languages()). With none, the
// list is {} and TranslateService.parseLocaleCode(undefined) throws at start: a blank page.
import '@c8y/ngx-components/locales/en.po';
import '@c8y/ngx-components/locales/de.po';
