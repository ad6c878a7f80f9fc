import React from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import { AddSoftware } from './add-software';

function openForm() {
  renderContribution(<AddSoftware deviceType="iotconnector" onAdded={jest.fn()} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
  fireEvent.click(screen.getByTestId('add-software'));
  const form = screen.getByTestId('add-software-form');
  const fill = (testId: string, value: string) => fireEvent.change(within(form).getByTestId(testId), { target: { value } });
  for (const [testId, value] of [
    ['field-name', 'opcua'],
    ['field-version', '1.0'],
    ['field-md5', 'm'],
    ['field-sha256', 's'],
    ['field-apptype', 'APPLICATION'],
    ['field-category', 'normal'],
    ['field-password', 'password1'],
  ]) fill(testId, value);
  return { form, fill };
}

describe('AddSoftware', () => {
  it('says why Save stays disabled for a filled form without a file or URL, and stops saying it once a URL is there', () => {
    const { form, fill } = openForm();
    const save = within(form).getByTestId('add-save');
    expect(save).toBeDisabled();
    const hint = within(form).getByTestId('source-hint');
    expect(hint).toHaveTextContent('Choose a file or enter a URL to save.');
    expect(save).toHaveAttribute('aria-describedby', hint.id);
    fill('field-url', 'https://store.example/opcua-1.0.zip');
    expect(save).not.toBeDisabled();
    expect(within(form).queryByTestId('source-hint')).toBeNull();
  });

  it('says when the URL is no http(s) address and keeps Save disabled', () => {
    const { form, fill } = openForm();
    fill('field-url', 'store.example/opcua-1.0.zip');
    expect(within(form).getByTestId('add-save')).toBeDisabled();
    expect(within(form).getByText('Enter a URL that starts with http:// or https://.')).toBeInTheDocument();
    fill('field-url', 'https://store.example/opcua-1.0.zip');
    expect(within(form).getByTestId('add-save')).not.toBeDisabled();
    expect(within(form).queryByText('Enter a URL that starts with http:// or https://.')).toBeNull();
  });
});
