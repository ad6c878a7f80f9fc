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

  it('says that a pause limit counts failed devices, as the engine pauses (it read "Pause after this many devices")', () => {
    const three = [1, 2, 3].map((i) => ({ id: String(i), name: `IoTconnector NB${i}` }));
    const { unmount } = renderContribution(<SoftwareRolloutDialog devices={three} software={software} onClose={jest.fn()} />, { locales: en });
    fireEvent.click(screen.getByTestId('rollout-add-pause'));
    fireEvent.change(screen.getByTestId('rollout-pause-0'), { target: { value: '3' } });
    expect(screen.getByTestId('rollout-pause-0')).toHaveAccessibleName('Pause when this many devices have failed');
    expect(screen.getByText('The rollout pauses each time the number of failed devices reaches a limit.')).toBeInTheDocument();
    // Three failed devices of three reach the limit 3.
    expect(screen.getByText('Pauses at failed devices').nextElementSibling).toHaveTextContent('3');
    unmount();
    renderContribution(<SoftwareRolloutDialog devices={three} software={software} onClose={jest.fn()} />, { language: 'de', locales: de });
    expect(screen.getByText('Das Rollout hält jedes Mal an, wenn die Anzahl der fehlgeschlagenen Geräte eine Grenze erreicht.')).toBeInTheDocument();
  });
});
