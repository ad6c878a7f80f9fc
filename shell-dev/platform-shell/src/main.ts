// Languages first: devkit builds options.languages from the .po files the app imports (see i18n.ts).
import './i18n';

const progressBar: HTMLElement | null = document.querySelector('body > .init-load');
const removeProgress = () => progressBar?.parentNode?.removeChild(progressBar);

applicationSetup();

// @c8y/bootstrap reads the options, checks the login (else redirects to /apps/public/login/), loads
// the application's remotes, then calls bootstrap() with what it found.
async function applicationSetup() {
  const { loadMetaDataAndPerformBootstrap } = await import('@c8y/bootstrap');
  const loadBootstrapModule = () => import(/* webpackPreload: true */ './bootstrap');
  await loadMetaDataAndPerformBootstrap(loadBootstrapModule);
  removeProgress();
}
