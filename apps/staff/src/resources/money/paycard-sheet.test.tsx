import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../i18n/ar';
import type { IssuedBatch } from '../../data/money-calls';
import { PaycardSheet } from './paycards';
import { forgetConsoleSchool } from '../../school';

/**
 * The printed A4 sheet of a new batch (issue 23): each code on one line, and where in the
 * student app it is entered.
 */

const CODES = ['K7PM 4QXR 9TWD 2HNA', 'B3VZ 8LCF 6JYE 5SGU'];
const GENERAL: IssuedBatch = {
  id: 9,
  value: 100,
  count: 2,
  used: 0,
  unused: 2,
  disabled: 0,
  course: null,
  lecture: null,
  expires_at: null,
  created_by: { id: 1, name: 'مدير المنصة' },
  created_at: '2026-11-20T10:00:00.000Z',
  disabled_at: null,
  codes: CODES,
};

function sheet(batch: IssuedBatch) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <PaycardSheet batch={batch} />
    </AdminContext>,
  );
  return document.querySelector('.paycard-sheet')!;
}

describe('the printed pay-card sheet', () => {
  it('keeps every code on one line, left to right', () => {
    const cards = sheet(GENERAL);
    const codes = [...cards.querySelectorAll('.paycard-code')];
    expect(codes.map((c) => c.textContent)).toEqual(CODES);
    for (const code of codes) {
      expect(code).toHaveAttribute('dir', 'ltr');
      expect(getComputedStyle(code).whiteSpace).toBe('nowrap');
    }
  });

  it('says where in the app a card for anything is used', () => {
    const cards = sheet(GENERAL);
    expect(cards.textContent).toContain(
      'للاستخدام: في تطبيق دَرس افتح المحفظة ثم «شحن الرصيد» واختر «كارت شحن»، أو اختر «بطاقة الدفع» عند شراء دورة أو محاضرة، واكتب الكود.',
    );
    expect(screen.getAllByText('100.00 جنيه')).toHaveLength(2);
  });

  it("names a course card's course", () => {
    const cards = sheet({ ...GENERAL, course: { id: 3, name: 'الفيزياء الحديثة' } });
    expect(cards.textContent).toContain(
      'للاستخدام: في تطبيق دَرس افتح «الفيزياء الحديثة» واختر «بطاقة الدفع» عند الشراء، واكتب الكود.',
    );
  });
});

describe("the printed pay-card sheet in the school's identity (ADR 049)", () => {
  it('names the school and shows its logo on every card', () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'dars-school';
    block.textContent = JSON.stringify({
      name: 'سنتر النخبة',
      logo_light: '/storage/brand/logo.png',
    });
    document.head.append(block);
    forgetConsoleSchool();
    try {
      const cards = sheet(GENERAL);
      expect(screen.getAllByText('بطاقة دفع سنتر النخبة')).toHaveLength(2);
      expect(
        screen.getAllByText(
          'للاستخدام: في تطبيق سنتر النخبة افتح المحفظة ثم «شحن الرصيد» واختر «كارت شحن»، أو اختر «بطاقة الدفع» عند شراء دورة أو محاضرة، واكتب الكود.',
        ),
      ).toHaveLength(2);
      const logos = [...cards.querySelectorAll('img')];
      expect(logos.map((img) => img.getAttribute('src'))).toEqual([
        '/storage/brand/logo.png',
        '/storage/brand/logo.png',
      ]);
    } finally {
      block.remove();
      forgetConsoleSchool();
    }
  });
});
