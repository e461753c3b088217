import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TransferDoneNotice } from './wallet-notices';

describe('the transfers-success notice', () => {
  it('says the amount, the receiving address isolated left to right, and the balance left', () => {
    render(
      <TransferDoneNotice
        transfer={{ amount: 50, address: 'DW7K2M9Q4XRT', balance: 450 }}
        onDismiss={() => {}}
      />,
    );
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('تم تحويل');
    expect(notice.textContent).toContain('إلى المحفظة DW7K2M9Q4XRT.');
    // The address alone, in its own left-to-right island inside the Arabic sentence.
    const address = notice.querySelector('bdi');
    expect(address?.textContent).toBe('DW7K2M9Q4XRT');
    expect(address?.getAttribute('dir')).toBe('ltr');
    expect(notice.textContent).not.toContain('\u0000');
    expect(notice.textContent).toMatch(/رصيدك الآن .*450/);
  });
});
