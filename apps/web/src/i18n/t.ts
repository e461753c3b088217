import { ar, type Catalogue } from './ar';
import { pluralize } from '../lib/format';

/** Every dotted path of a catalogue that ends on a text, e.g. `'courses.empty'`. */
export type Leaves<T, Prefix extends string = ''> = {
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

/** No argument for a text without placeholders, else exactly its placeholders. */
export type ParamsArg<C, K extends string> = [Placeholders<At<C, K>>] extends [never]
  ? []
  : [params: Record<Placeholders<At<C, K>>, string | number>];

function lookup(catalogue: object, key: string, params?: Record<string, string | number>) {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  const text = typeof node === 'string' ? node : key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * The Arabic text of a catalogue key, with its `{placeholders}` filled in. The compiler
 * refuses unknown keys and missing or extra parameters.
 * @example t('footer.copyright', { year: 2023 }) // '© 2023 دَرس. جميع الحقوق محفوظة.'
 */
export function t<K extends MessageKey>(key: K, ...args: ParamsArg<Catalogue, K>): string {
  return lookup(ar, key, args[0] as Record<string, string | number> | undefined);
}

/**
 * A `t` of its own for the texts of a screen loaded late (a lazy route), kept in a catalogue
 * beside `ar.ts` so that the first load does not carry them (ADR 011, ADR 020). Same checks.
 * @example const tw = translator(arWallet); tw('transfer.fee', { fee: '1.00 جنيه' })
 */
export function translator<C extends object>(catalogue: C) {
  return <K extends Leaves<C>>(key: K, ...args: ParamsArg<C, K>): string =>
    lookup(catalogue, key, args[0] as Record<string, string | number> | undefined);
}

export type PluralKey = keyof Catalogue['plurals'];

/**
 * A count with the right Arabic plural form of the catalogue's `plurals` section.
 * @example tPlural('lecture', 5) // '5 محاضرات'
 */
export function tPlural(key: PluralKey, count: number): string {
  return pluralize(count, ar.plurals[key]);
}
