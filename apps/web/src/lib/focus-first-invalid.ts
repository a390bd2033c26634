/**
 * After a failed submit, move focus to the first field marked invalid so keyboard and
 * screen-reader users land on the problem (the message is tied to it with aria-describedby).
 * Waits a frame for React to render the new error state.
 */
export function focusFirstInvalid(form: HTMLFormElement): void {
  requestAnimationFrame(() => {
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
