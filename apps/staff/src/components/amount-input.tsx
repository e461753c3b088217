import { NumberInput, minValue, useTranslate, type NumberInputProps } from 'react-admin';
import { session } from '../data/token';
import { useRole } from './use-role';

/**
 * An amount in pounds (a price, a fee): steps of a piaster, never below zero.
 * @example <AmountInput source="transfer_fees" />
 */
export function AmountInput(props: NumberInputProps) {
  return <NumberInput min={0} step={0.01} validate={minValue(0)} {...props} />;
}

/**
 * Whether the signed-in staff member may set prices: an admin, or a teacher the admin allowed
 * (ADR 048, told by the sign-in and /staff/me).
 */
export function useMaySetPrices(): boolean {
  const role = useRole();
  return role === 'admin' || (role === 'teacher' && session.user()?.may_set_prices === true);
}

/**
 * Prices are the admin's: for a leader a price input is disabled with the reason under it
 * (the server refuses a leader's price change, 403, anyway).
 */
export function usePriceLock(): Pick<NumberInputProps, 'disabled' | 'helperText'> {
  const translate = useTranslate();
  const locked = !useMaySetPrices();
  return { disabled: locked, helperText: locked ? translate('dars.admin_only_price') : undefined };
}

/** A course's or a lecture's price: an {@link AmountInput} only an admin changes. */
export function PriceInput(props: NumberInputProps) {
  return <AmountInput {...usePriceLock()} {...props} />;
}

/**
 * A save's transform that leaves `fields` (the prices) out of what someone who may not set
 * prices sends (`mayPrice` false, useMaySetPrices): a new
 * course or lecture gets the server's default price, free until an admin sets one.
 */
export function withoutPricesFor(mayPrice: boolean, fields: readonly string[]) {
  return (data: Record<string, unknown>) => {
    if (mayPrice) return data;
    const rest = { ...data };
    for (const field of fields) delete rest[field];
    return rest;
  };
}
