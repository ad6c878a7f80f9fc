import { act, fireEvent, screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import en from '../../../locales/lists.en.json';
import de from '../../../locales/lists.de.json';
import SoftwareRolloutDialog from './software-rollout-dialog';

const devices = [{ id: '1', name: 'IoTconnector NB1' }];
const software = { name: 'adamos-agent', version: '0.5.1' };

describe('SoftwareRolloutDialog', () => {
  it('closes on Escape as opened, but asks before Escape throws away a changed parameter (and keeps it on Cancel)', async () => {
    const onClose = jest.fn();
    const { unmount } = renderContribution(<SoftwareRolloutDialog devices={devices} software={software} onClose={onClose} />, { locales: en });
    fireEvent.keyDown(screen.getByTestId('rollout-batchSize'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(null);
    unmount();
    onClose.mockClear();
    renderContribution(<SoftwareRolloutDialog devices={devices} software={software} onClose={onClose} />, { locales: en });
    fireEvent.change(screen.getByTestId('rollout-batchSize'), { target: { value: '25' } });
    await act(async () => fireEvent.keyDown(screen.getByTestId('rollout-batchSize'), { key: 'Escape' }));
    expect(screen.getByRole('dialog', { name: 'Discard changes' })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('rollout-batchSize')).toHaveValue('25');
    // Typed back to the default: nothing to lose, Escape closes.
    fireEvent.change(screen.getByTestId('rollout-batchSize'), { target: { value: '10' } });
    fireEvent.keyDown(screen.getByTestId('rollout-batchSize'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(null);
  });

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

  it('describes each field by its error for a screen reader, says why Create is disabled, and creates on Enter', () => {
    const onClose = jest.fn();
    renderContribution(<SoftwareRolloutDialog devices={devices} software={software} onClose={onClose} />, { locales: en });
    fireEvent.change(screen.getByTestId('rollout-batchSize'), { target: { value: '0' } });
    expect(screen.getByTestId('rollout-batchSize')).toHaveAccessibleDescription(/^Batch size must be/);
    fireEvent.change(screen.getByTestId('rollout-name'), { target: { value: '' } });
    expect(screen.getByTestId('rollout-name')).toHaveAccessibleDescription('Enter a name for the rollout.');
    fireEvent.click(screen.getByTestId('rollout-add-pause'));
    fireEvent.change(screen.getByTestId('rollout-pause-0'), { target: { value: 'x' } });
    expect(screen.getByTestId('rollout-pause-0')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('rollout-pause-0')).toHaveAccessibleDescription(/^Pause limits must be whole numbers/);
    expect(screen.getByRole('button', { name: 'Remove pause limit x' })).toBeInTheDocument();
    expect(screen.getByTestId('rollout-create')).toHaveAccessibleDescription('Correct the marked fields to create the rollout.');
    // Enter does nothing while a field is wrong ...
    fireEvent.keyDown(screen.getByTestId('rollout-batchSize'), { key: 'Enter' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('rollout-batchSize'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('rollout-name'), { target: { value: 'Agent' } });
    fireEvent.change(screen.getByTestId('rollout-pause-0'), { target: { value: '7' } });
    expect(screen.getByTestId('rollout-pause-0')).toHaveAccessibleDescription('The rollout pauses each time the number of failed devices reaches a limit.');
    expect(screen.getByTestId('rollout-create')).not.toHaveAttribute('title');
    // ... and creates the rollout once they are right.
    fireEvent.keyDown(screen.getByTestId('rollout-batchSize'), { key: 'Enter' });
    expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ name: 'Agent', parameters: expect.objectContaining({ batchSize: 5, automaticPauseLimits: [7] }) }));
  });

  it("breaks a device name without spaces anywhere in the plan, inside the dialog (it ran out of the dialog's edge)", () => {
    const name = 'LONG-' + 'X'.repeat(195);
    renderContribution(<SoftwareRolloutDialog devices={[{ id: '1', name }]} software={software} onClose={jest.fn()} />, { locales: en });
    expect(screen.getByTestId('rollout-plan')).toContainElement(screen.getByText(name));
    expect(screen.getByTestId('rollout-plan').style.overflowWrap).toBe('anywhere');
  });
});
