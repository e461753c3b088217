/**
 * Latin text inside the RTL page (links, e-mail, phone, versions) typed and read left to
 * right: `slotProps={LTR}` on a TextInput. Links and e-mail get their phone keyboards through
 * `inputMode`, not `type`: a `type="url"` field would let the browser refuse the form with its
 * own bubble before the server's Arabic message can be shown under the field.
 */
export const LTR = { htmlInput: { dir: 'ltr' } } as const;
export const LTR_URL = { htmlInput: { dir: 'ltr', inputMode: 'url' } } as const;
export const LTR_EMAIL = { htmlInput: { dir: 'ltr', inputMode: 'email' } } as const;
