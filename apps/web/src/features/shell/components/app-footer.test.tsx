import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { settingsFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { AppFooter } from './app-footer';

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
    expect(screen.getByText('© 2023 دَرس. جميع الحقوق محفوظة.')).toBeInTheDocument();
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
