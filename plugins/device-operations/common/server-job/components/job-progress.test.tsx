import { screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import en from '../../../locales/lists.en.json';
import de from '../../../locales/lists.de.json';
import { JobProgress } from './job-progress';

const status = (over: Record<string, unknown>) => ({
  id: '4',
  type: 'c8y_status',
  dmg_clear_pending_assignment_status: 'completed',
  dmg_assign_software_status: 'completed',
  ...over,
});

describe('JobProgress (a job started elsewhere, under the banner)', () => {
  it("reads a running assignment's done/total from the status object, in English and German", () => {
    const running = status({ dmg_assign_software_status: 'ongoing', dmg_assign_software_counter_total: 1200, dmg_assign_software_counter_success: 3, dmg_assign_software_counter_failed: 1 });
    const { unmount } = renderContribution(<JobProgress status={running} />, { locales: en });
    expect(screen.getByTestId('server-job-progress')).toHaveTextContent('Operation is running on the server (4/1,200)');
    unmount();
    renderContribution(<JobProgress status={running} />, { language: 'de', locales: de });
    expect(screen.getByTestId('server-job-progress')).toHaveTextContent('Operation läuft auf dem Server (4/1.200)');
  });

  it('shows nothing when no assignment runs (a completed one, a clear pending with no total)', () => {
    renderContribution(
      <>
        <JobProgress status={status({ dmg_assign_software_counter_total: 4, dmg_assign_software_counter_success: 4 })} />
        <JobProgress status={status({ dmg_clear_pending_assignment_status: 'ongoing', dmg_clear_pending_assignment_success: 2 })} />
        <JobProgress status={null} />
      </>,
      { locales: en },
    );
    expect(screen.queryByTestId('server-job-progress')).toBeNull();
  });
});
