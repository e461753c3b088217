/**
 * A resource's name for Polyglot's six Arabic forms: react-admin asks for smart_count 1 on a
 * record's page (singular) and 2 on a list (the plural, not the dual).
 * @example name('طالب', 'الطلاب')
 */
export function name(singular: string, plural: string): string {
  return [plural, singular, plural, plural, plural, plural].join(' |||| ');
}
