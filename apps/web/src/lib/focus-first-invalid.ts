/**
 * Moves the focus to the first field marked invalid once the errors are on screen, so a
 * phone user sees what to fix even when it is above the fold. Call it right after setting
 * a form's errors.
 * @example setErrors(found); focusFirstInvalid();
 */
export function focusFirstInvalid(): void {
  window.requestAnimationFrame(() => {
    document
      .querySelector<HTMLElement>('form [aria-invalid="true"]:not([aria-hidden="true"])')
      ?.focus();
  });
}
