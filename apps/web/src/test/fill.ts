import type { UserEvent } from '@testing-library/user-event';

/**
 * Types `text` into a field at once (a paste): MUI fields re-render per key, and typing
 * long Arabic text key by key makes tests slow without testing anything more.
 * @example await fill(user, screen.getByRole('textbox', { name: 'الاسم' }), 'سارة')
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
