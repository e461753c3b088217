import { NumberInput, minValue, type NumberInputProps } from 'react-admin';

/**
 * An amount in pounds (a price, a fee): steps of a piaster, never below zero.
 * @example <AmountInput source="price" />
 */
export function AmountInput(props: NumberInputProps) {
  return <NumberInput min={0} step={0.01} validate={minValue(0)} {...props} />;
}
