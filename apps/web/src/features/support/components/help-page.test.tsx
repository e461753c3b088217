import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { fill } from '../../../test/fill';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { CRISP_SCRIPT_URL } from '../lib/load-crisp';
import { HelpPage } from './help-page';

const crispScript = () => document.querySelector(`script[src="${CRISP_SCRIPT_URL}"]`);

afterEach(() => {
  crispScript()?.remove();
  delete window.$crisp;
});

const setup = () => userEvent.setup({ delay: null });

describe('HelpPage', { timeout: 15_000 }, () => {
  it('asks a guest for every field before sending', async () => {
    const api = mockApi({});
    renderWithApp(<HelpPage />);
    await setup().click(screen.getByRole('button', { name: 'إرسال' }));
    expect(screen.getAllByText('لا يمكنك ترك حقل فارغاً')).toHaveLength(5);
    expect(api).not.toHaveBeenCalled();
  });

  it("sends a guest's ticket with name, e-mail and phone, and gives its reference and follow link", async () => {
    const user = setup();
    const api = mockApi({
      'POST /api/v1/support-tickets': () => ({
        body: {
          data: { id: 9, reference: 'S-00009', follow_path: '/support/follow/tok-abc_123' },
        },
      }),
    });
    renderWithApp(<HelpPage />);
    await fill(user, screen.getByRole('textbox', { name: 'الاسم' }), 'زائر');
    await fill(
      user,
      screen.getByRole('textbox', { name: 'البريد الإلكتروني' }),
      'guest@example.com',
    );
    await fill(user, screen.getByRole('textbox', { name: 'رقم الهاتف' }), '01001234567');
    await fill(user, screen.getByRole('textbox', { name: 'عنوان الرسالة' }), 'سؤال عن الاشتراك');
    await fill(user, screen.getByRole('textbox', { name: 'نص الرسالة' }), 'كيف أشترك في دورة؟');
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(
      await screen.findByText('تم إرسال رسالتك بنجاح، سيتواصل معك فريق الدعم قريباً'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({
      title: 'سؤال عن الاشتراك',
      content: 'كيف أشترك في دورة؟',
      name: 'زائر',
      email: 'guest@example.com',
      phone: '01001234567',
    });
    expect(screen.getByRole('textbox', { name: 'عنوان الرسالة' })).toHaveValue('');
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('رقم طلبك: S-00009');
    expect(notice).toHaveTextContent('احفظ هذا الرابط');
    const link = screen.getByRole('link', { name: /\/support\/follow\/tok-abc_123$/ });
    expect(link).toHaveAttribute('href', '/support/follow/tok-abc_123');
    expect(link.textContent).toBe(`${window.location.origin}/support/follow/tok-abc_123`);
    expect(screen.queryByRole('link', { name: 'عرض المحادثة' })).not.toBeInTheDocument();
  });

  it('asks a student only for the title and content', async () => {
    const user = setup();
    const api = mockApi({
      'POST /api/v1/support-tickets': () => ({
        body: { data: { id: 10, reference: 'S-00010', follow_path: null } },
      }),
    });
    renderWithApp(<HelpPage />, { user: userFixture() });
    expect(screen.queryByRole('textbox', { name: 'الاسم' })).not.toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'عنوان الرسالة' }), '  ');
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(screen.getAllByText('لا يمكنك ترك حقل فارغاً')).toHaveLength(2);
    await fill(user, screen.getByRole('textbox', { name: 'عنوان الرسالة' }), 'الفيديو لا يعمل');
    await fill(user, screen.getByRole('textbox', { name: 'نص الرسالة' }), 'يتوقف بعد دقيقة');
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(await screen.findByText(/تم إرسال رسالتك بنجاح/)).toBeInTheDocument();
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({
      title: 'الفيديو لا يعمل',
      content: 'يتوقف بعد دقيقة',
    });
    // The reference, and the conversation in «رسائلي».
    expect(screen.getByRole('status')).toHaveTextContent('رقم طلبك: S-00010');
    expect(screen.getByRole('link', { name: 'عرض المحادثة' })).toHaveAttribute(
      'href',
      '/messages/10',
    );
  });

  it('lets a student say which of their courses the ticket is about (issue 27)', async () => {
    const user = setup();
    const api = mockApi({
      'POST /api/v1/support-tickets': () => ({
        body: { data: { id: 11, reference: 'S-00011', follow_path: null } },
      }),
    });
    renderWithApp(
      <HelpPage
        courses={[
          { id: 7, name: 'فيزياء الصف الثالث' },
          { id: 8, name: 'كيمياء' },
        ]}
      />,
      { user: userFixture() },
    );
    const about = screen.getByRole('combobox', { name: 'بخصوص' });
    expect(about).toHaveValue('');
    expect(screen.getByRole('option', { name: 'سؤال عام للمدرسة' })).toBeInTheDocument();
    await user.selectOptions(about, 'فيزياء الصف الثالث');
    await fill(user, screen.getByRole('textbox', { name: 'عنوان الرسالة' }), 'سؤال في الدرس');
    await fill(user, screen.getByRole('textbox', { name: 'نص الرسالة' }), 'ما معنى المقاومة؟');
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(await screen.findByText(/تم إرسال رسالتك بنجاح/)).toBeInTheDocument();
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({
      title: 'سؤال في الدرس',
      content: 'ما معنى المقاومة؟',
      course_id: 7,
    });
  });

  it('offers no course to a guest', () => {
    mockApi({});
    renderWithApp(<HelpPage courses={[{ id: 7, name: 'فيزياء الصف الثالث' }]} />);
    expect(screen.queryByRole('combobox', { name: 'بخصوص' })).not.toBeInTheDocument();
  });

  it('says so when sending fails', async () => {
    const user = setup();
    mockApi({ 'POST /api/v1/support-tickets': () => ({ status: 500, body: { message: 'x' } }) });
    renderWithApp(<HelpPage />, { user: userFixture() });
    await fill(user, screen.getByRole('textbox', { name: 'عنوان الرسالة' }), 'عنوان');
    await fill(user, screen.getByRole('textbox', { name: 'نص الرسالة' }), 'نص');
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'حدثت مشكلة أثناء إرسال الرسالة، حاول مرة أخرى',
    );
  });

  it('loads the live chat instead of the form when a Crisp site is set', async () => {
    renderWithApp(<HelpPage />, { settings: settingsFixture({ crisp_website_id: 'site-1' }) });
    expect(screen.queryByRole('button', { name: 'إرسال' })).not.toBeInTheDocument();
    expect(crispScript()).not.toBeNull();
    await setup().click(screen.getByRole('button', { name: 'بدء المحادثة' }));
    expect(window.$crisp).toEqual([['do', 'chat:open']]);
    expect(screen.getByRole('list', { name: 'حساباتنا على مواقع التواصل' })).toBeInTheDocument();
  });

  it('loads no chat script without a Crisp site', () => {
    mockApi({});
    renderWithApp(<HelpPage />);
    expect(crispScript()).toBeNull();
  });
});
