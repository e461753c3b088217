/**
 * Text made safe inside HTML and its attributes (`& < > " '` as character references), for
 * the few pages the server writes itself (payment steps, the player, API docs, the demo's mail).
 * @example escapeHtml('<b>') // '&#60;b&#62;'
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
