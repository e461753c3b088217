import { describe, expect, it } from 'vitest';
import { poundsText } from './gateway';
import { amountText } from './payment-pages';

// Integer piasters written as pounds through the contract's fromPiasters.
describe('piasters written as pounds', () => {
  it('gives the providers two decimals', () => {
    expect(poundsText(2050)).toBe('20.50');
    expect(poundsText(110)).toBe('1.10');
    expect(poundsText(1999)).toBe('19.99');
    expect(poundsText(29)).toBe('0.29');
    expect(poundsText(1)).toBe('0.01');
    expect(poundsText(0)).toBe('0.00');
    expect(poundsText(100_000_000)).toBe('1000000.00');
  });

  it('shows the student two decimals, thousands separators and the currency word', () => {
    expect(amountText(7550)).toBe('75.50 جنيه');
    expect(amountText(110)).toBe('1.10 جنيه');
    expect(amountText(1999)).toBe('19.99 جنيه');
    expect(amountText(29)).toBe('0.29 جنيه');
    expect(amountText(125_050)).toBe('1,250.50 جنيه');
    expect(amountText(100_000_000)).toBe('1,000,000.00 جنيه');
  });
});
