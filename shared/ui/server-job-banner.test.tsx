import { screen } from '@testing-library/react';
import { ServerJobBanner } from './server-job-banner';
import { renderUi } from './test-utils';

describe('ServerJobBanner', () => {
  it('says that the job status could not be read, instead of showing nothing (which reads as "no operation running")', () => {
    const { rerender } = renderUi(<ServerJobBanner ongoing={false} error={new Error('Database unavailable')} />);
    expect(screen.getByTestId('server-job-unread')).toHaveTextContent('Whether an operation is running on the server could not be read: Database unavailable');
    rerender(<ServerJobBanner ongoing={false} />);
    expect(screen.queryByTestId('server-job-unread')).toBeNull();
    expect(screen.queryByTestId('server-job-banner')).toBeNull();
    // A job known to run (a later read failed) keeps the spec's banner.
    rerender(<ServerJobBanner ongoing error={new Error('Database unavailable')} />);
    expect(screen.getByTestId('server-job-banner')).toHaveTextContent('An operation is currently ongoing - please try again later.');
  });

  it('says it in German', () => {
    renderUi(<ServerJobBanner ongoing={false} error={new Error('x')} />, 'de');
    expect(screen.getByTestId('server-job-unread')).toHaveTextContent('Ob auf dem Server eine Operation läuft, konnte nicht gelesen werden: x');
  });
});
