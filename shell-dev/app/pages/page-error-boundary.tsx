/**
 * The shell's content area when the page on screen failed to render, most often because its code
 * could not be loaded (the connection dropped, the platform restarted): a clear message with Retry
 * in the content area, the navigator and header still there. Without it the failure took the whole
 * page down to a blank screen.
 */
import React, { Component, type ErrorInfo, type ReactNode } from 'react';
import { msg } from '@shared/plugin-api/i18n';
import { useShellT } from '../i18n-setup';
import { usePageTexts } from './missing-page';

export const PAGE_FAILED = msg('This page could not be loaded. Check the connection and try again.');

interface Props {
  /** What the page is (its hash path): another page starts without the failure. */
  page: string;
  /** Called by Retry before the page renders again (e.g. to ask for a failed chunk afresh). */
  onRetry?: () => void;
  children: ReactNode;
}

function PageFailed({ onRetry }: { onRetry: () => void }) {
  usePageTexts();
  const { t } = useShellT();
  return (
    <div className="alert alert-danger m-16" role="alert" data-testid="page-error">
      {t(PAGE_FAILED)}{' '}
      <button type="button" className="btn btn-link btn-xs" onClick={onRetry} data-testid="page-retry">
        {t('Retry')}
      </button>
    </div>
  );
}

export class PageErrorBoundary extends Component<Props, { error: Error | null; page: string }> {
  override state = { error: null as Error | null, page: this.props.page };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; page: string }) {
    return props.page === state.page ? null : { error: null, page: props.page };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // The cause for the log: the chunk's address of a ChunkLoadError, the stack.
    console.error(`Page ${this.props.page} failed to load:`, error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    return this.state.error ? <PageFailed onRetry={this.retry} /> : this.props.children;
  }
}
