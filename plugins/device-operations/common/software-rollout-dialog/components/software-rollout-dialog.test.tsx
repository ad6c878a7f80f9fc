import { fireEvent, screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import en from '../../../locales/lists.en.json';
import de from '../../../locales/lists.de.json';
import SoftwareRolloutDialog from './software-rollout-dialog';

const devices = [{ id: '1', name: 'IoTconnector NB1' }];
const software = { name: 'adamos-agent', version: '0.5.1' };

describe('SoftwareRolloutDialog', () => {
  it('says why Create is disabled when the name is empty, in English and German', () => {
    const { unmount } = renderContribution(<SoftwareRolloutDialog devices={devices} software={software} onClose={jest.fn()} />, { locales: en });
    expect(screen.getByTestId('rollout-create')).toBeEnabled();
    fireEvent.change(screen.getByTestId('rollout-name'), { target: { value: '  ' } });
    expect(screen.getByTestId('rollout-create')).toBeDisabled();
    expect(screen.getByText('Enter a name for the rollout.')).toBeInTheDocument();
    expect(screen.getByTestId('rollout-name')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByTestId('rollout-name'), { target: { value: 'Agent 0.5.1' } });
    expect(screen.queryByText('Enter a name for the rollout.')).toBeNull();
    expect(screen.getByTestId('rollout-create')).toBeEnabled();
    unmount();
    renderContribution(<SoftwareRolloutDialog devices={devices} software={software} onClose={jest.fn()} />, { language: 'de', locales: de });
    fireEvent.change(screen.getByTestId('rollout-name'), { target: { value: '' } });
    expect(screen.getByText('Geben Sie einen Namen für das Rollout ein.')).toBeInTheDocument();
  });
});
