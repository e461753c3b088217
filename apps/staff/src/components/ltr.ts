/**
 * Latin text inside the RTL page (links, e-mail, phone, versions) typed and read left to
 * right: `slotProps={LTR}` on a TextInput.
 */
export const LTR = { htmlInput: { dir: 'ltr' } } as const;
