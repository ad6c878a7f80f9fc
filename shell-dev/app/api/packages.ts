/**
 * Installing and removing plugin packages as a tenant admin does on the platform: a HOSTED
 * application named by the package's cumulocity.json, then its zip uploaded as the application's
 * binary; removing deletes the application (and with it its files).
 */
import { listApplications, type Application } from '@shared/platform/applications';
import { buildUrl, currentXsrfToken, MEDIA, PlatformError, request, XSRF_HEADER } from '@shared/platform/fetch-client';
import { APPLICATIONS_PAGE_SIZE } from '../constants';
import { packagePlugins } from '../plugin-host/installed';
import type { PackageManifest } from '../plugin-host/package-file';

export type InstallStep = { step: 'create' } | { step: 'upload'; percent: number };

/** The package's context path belongs to an application that is not an earlier version of it. */
export class ContextPathTakenError extends Error {
  constructor(
    readonly contextPath: string,
    readonly application: Application,
  ) {
    super(`The context path '${contextPath}' is used by the application '${application.name}'`);
    this.name = 'ContextPathTakenError';
  }
}

/** The connection broke off while the zip was being sent (no answer from the server). */
export class UploadInterruptedError extends Error {
  constructor() {
    super('The upload was interrupted');
    this.name = 'UploadInterruptedError';
  }
}

/** An application the upload may go into as a new version: the same key, or a plugin package of the same container. */
function isEarlierVersion(app: Application, pkg: PackageManifest): boolean {
  if (app.key === pkg.key) return true;
  const ids = new Set(packagePlugins(app).map((p) => p.id));
  return packagePlugins({ id: '', name: pkg.name, contextPath: pkg.contextPath, manifest: pkg.manifest }).some((p) => ids.has(p.id));
}

const parse = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return text;
  }
};

/** XMLHttpRequest rather than fetch: only it reports how much of the body has been sent. */
function uploadBinary(applicationId: string, file: Blob, fileName: string, onPercent: (percent: number) => void): Promise<Application> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(`/application/applications/${encodeURIComponent(applicationId)}/binaries`));
    xhr.setRequestHeader('Accept', MEDIA.application);
    const token = currentXsrfToken();
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onPercent(Math.round((100 * e.loaded) / e.total));
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as Application);
      else reject(new PlatformError(xhr.status, xhr.statusText, data));
    };
    xhr.onerror = () => reject(new UploadInterruptedError());
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}

/**
 * Creates the package's application (or finds the one an earlier version of it was uploaded
 * into) and uploads the zip; returns the application with its stored manifest.
 */
export async function installPackage(file: Blob, fileName: string, pkg: PackageManifest, onStep: (step: InstallStep) => void): Promise<Application> {
  const existing = (await listApplications({ pageSize: APPLICATIONS_PAGE_SIZE })).items.find((a) => a.contextPath === pkg.contextPath);
  if (existing && !isEarlierVersion(existing, pkg)) throw new ContextPathTakenError(pkg.contextPath, existing);
  let app = existing;
  if (!app) {
    onStep({ step: 'create' });
    app = await request<Application>('POST', '/application/applications', {
      body: { name: pkg.name, key: pkg.key, contextPath: pkg.contextPath, type: 'HOSTED', ...(pkg.description ? { description: pkg.description } : {}) },
      headers: { 'Content-Type': MEDIA.application, Accept: MEDIA.application },
    });
  }
  onStep({ step: 'upload', percent: 0 });
  try {
    return await uploadBinary(app.id, file, fileName, (percent) => onStep({ step: 'upload', percent }));
  } catch (e) {
    // An application created for a refused zip would hold the context path without any files.
    // Its removal failing leaves that application behind: logged, the upload's failure is what the user reads.
    if (!existing) {
      const created = app.id;
      await removePackage(created).catch((removal: unknown) =>
        console.error(`The application ${created} created for the refused package '${pkg.name}' could not be removed`, removal),
      );
    }
    throw e;
  }
}

export async function removePackage(applicationId: string): Promise<void> {
  await request<null>('DELETE', `/application/applications/${encodeURIComponent(applicationId)}`);
}
