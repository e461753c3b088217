import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, screen } from '@testing-library/react';
import { AppSettingsContext } from '../../../lib/app-settings-context';
import { PageYearContext } from '../../../lib/page-year';
import { settingsFixture } from '../../../test/fixtures';
import { renderWithApp, TestProviders } from '../../../test/render';
import { AppFooter } from './app-footer';

afterEach(() => {
  vi.useRealTimers();
});

const noSocial = {
  youtube: null,
  facebook: null,
  linkedin: null,
  telegram: null,
  messenger: null,
  twitter: null,
  tiktok: null,
  whatsapp: null,
};

describe('AppFooter', () => {
  it('shows contact links, the set social networks, store badges and the credits', () => {
    renderWithApp(<AppFooter />);
    expect(screen.getByRole('link', { name: /الهاتف/ })).toHaveAttribute(
      'href',
      'tel:+201001234567',
    );
    expect(screen.getByRole('link', { name: /البريد الإلكتروني/ })).toHaveAttribute(
      'href',
      'mailto:support@dars.example',
    );
    expect(screen.getByRole('link', { name: 'يوتيوب' })).toHaveAttribute(
      'href',
      'https://youtube.com/@dars',
    );
    expect(screen.getByRole('link', { name: 'واتساب' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'تيك توك' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'احصل عليه من Google Play' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'حمّله من App Store' })).not.toBeInTheDocument();
    expect(screen.getByText(/^© \d{4} دَرس\. جميع الحقوق محفوظة\.$/)).toBeInTheDocument();
    expect(screen.getByText('مُشغَّل بواسطة منصة دَرس')).toBeInTheDocument();
  });

  it('leaves out what the settings do not set', () => {
    renderWithApp(<AppFooter />, {
      settings: settingsFixture({
        contact_phone: null,
        contact_email: null,
        social: noSocial,
        play_store_url: null,
      }),
    });
    expect(screen.queryByRole('link', { name: /الهاتف/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('list', { name: 'حساباتنا على مواقع التواصل' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Google Play/ })).not.toBeInTheDocument();
  });
});

describe("AppFooter: the school's identity (ADR 049)", () => {
  it("puts the school's name in the copyright, then its footer text and legal links", () => {
    renderWithApp(<AppFooter />, {
      settings: settingsFixture({
        school: {
          name: 'سنتر النخبة',
          logo_light: null,
          logo_dark: null,
          favicon: null,
          primary_color: '#0b6e4f',
          secondary_color: '#ffd166',
          footer_text: '12 شارع الجامعة، المنصورة',
          legal_links: [
            { label: 'سياسة الخصوصية', url: 'https://elnokhba.example/privacy' },
            { label: 'الشروط', url: 'https://elnokhba.example/terms' },
          ],
        },
      }),
    });
    expect(screen.getByText(/^© \d{4} سنتر النخبة\. جميع الحقوق محفوظة\.$/)).toBeInTheDocument();
    expect(screen.getByText('12 شارع الجامعة، المنصورة')).toBeInTheDocument();
    const privacy = screen.getByRole('link', { name: 'سياسة الخصوصية' });
    expect(privacy).toHaveAttribute('href', 'https://elnokhba.example/privacy');
    expect(privacy).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'الشروط' })).toHaveAttribute(
      'href',
      'https://elnokhba.example/terms',
    );
  });
});

describe('AppFooter: the copyright year', () => {
  it("shows the current year, by Cairo's calendar", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 22:30 on 31 December in UTC is already the new year in Cairo.
    vi.setSystemTime(new Date('2027-12-31T22:30:00Z'));
    renderWithApp(<AppFooter />);
    expect(screen.getByText('© 2028 دَرس. جميع الحقوق محفوظة.')).toBeInTheDocument();
  });

  it("takes over a server's page with the server's year, whatever the device's clock says", () => {
    const footer = (
      <TestProviders>
        <AppSettingsContext.Provider value={settingsFixture()}>
          <PageYearContext.Provider value={2031}>
            <AppFooter />
          </PageYearContext.Provider>
        </AppSettingsContext.Provider>
      </TestProviders>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(footer);
    document.body.appendChild(container);
    expect(container).toHaveTextContent('© 2031 دَرس. جميع الحقوق محفوظة.');

    // The device's clock is a year ahead of the server's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2032-03-01T10:00:00Z'));
    const onRecoverableError = vi.fn();
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, footer, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(screen.getByText('© 2031 دَرس. جميع الحقوق محفوظة.')).toBeInTheDocument();
    act(() => root?.unmount());
    container.remove();
  });
});
