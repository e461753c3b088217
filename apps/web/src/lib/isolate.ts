/**
 * Wraps a left-to-right value (an e-mail, a phone) in Unicode isolates so it keeps its own
 * order inside an Arabic sentence.
 * @example t('auth.confirmLead', { email: isolate('a@b.c') })
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}
