import React, { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { ReloadButton } from './reload-button';
import { dropFocusToPage, renderUi } from './test-utils';

describe('ReloadButton', () => {
  it('has the focus again once the reload is done (it fell to the page while Reload was disabled)', () => {
    let finish = () => undefined as void;
    function Screen() {
      const [fetching, setFetching] = useState(false);
      finish = () => setFetching(false);
      return <ReloadButton onClick={() => setFetching(true)} fetching={fetching} />;
    }
    renderUi(<Screen />);
    const reload = screen.getByTestId('reload');
    reload.focus();
    fireEvent.click(reload);
    expect(reload).toBeDisabled();
    dropFocusToPage();
    act(() => finish());
    expect(reload).toBeEnabled();
    expect(reload).toHaveFocus();
  });
});
