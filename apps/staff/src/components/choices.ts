/**
 * react-admin's choices (a select's options, a field's names) for `ids`, each named by the
 * catalogue key `${prefix}.${id}`: `choicesOf('dars.kind', ['exam', 'homework'])`.
 */
export function choicesOf(prefix: string, ids: readonly string[]) {
  return ids.map((id) => ({ id, name: `${prefix}.${id}` }));
}
