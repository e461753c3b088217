import { ar, type Catalogue } from './ar';
import { pluralize } from '../lib/format';

/** Every dotted path of the catalogue that ends on a text, e.g. `'courses.empty'`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Catalogue>;

type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

/** The `{name}` placeholders of a message, as a union of names. */
type Placeholders<S> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

type ParamsArg<K extends MessageKey> = [Placeholders<At<Catalogue, K>>] extends [never]
  ? []
  : [params: Record<Placeholders<At<Catalogue, K>>, string | number>];

/**
 * The Arabic text of a catalogue key, with its `{placeholders}` filled in. The compiler
 * refuses unknown keys and missing or extra parameters.
 * @example t('footer.copyright', { year: 2023 }) // '© 2023 دَرس. جميع الحقوق محفوظة.'
 */
export function t<K extends MessageKey>(key: K, ...args: ParamsArg<K>): string {
  let node: unknown = ar;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  const text = typeof node === 'string' ? node : key;
  const params = args[0] as Record<string, string | number> | undefined;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export type PluralKey = keyof Catalogue['plurals'];

/**
 * A count with the right Arabic plural form of the catalogue's `plurals` section.
 * @example tPlural('lecture', 5) // '5 محاضرات'
 */
export function tPlural(key: PluralKey, count: number): string {
  return pluralize(count, ar.plurals[key]);
}
