import type { KeyboardEvent } from 'react';

/**
 * A dialog's keydown handler: Enter in one of its text fields does what its primary button does,
 * as a form's submit would (`submit` checks that the form is valid and not already saving). Enter
 * in a select, a button or a text area keeps its own meaning, as does Enter ending an input
 * method's composition.
 */
export function enterInFieldSubmits(submit: () => void): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    submit();
  };
}
