import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { staffEndpoints as e } from '@dars/contract';
import { ADMIN, LEADER, TEACHER, answer, fakeStaffApi, list, staffBasics } from './test/fake-api';
import { staffCourse, staffTeacher } from './test/fixtures';
import { openSignedOut, signIn } from './test/console';

const COURSE = staffCourse({
  id: 7,
  name: 'فيزياء الصف الثالث',
  pay_type: 'lectures',
  price: 120,
  free: false,
  show_preview: true,
});

describe('the staff console', () => {
  it('sends a signed-out visitor from its root to the sign-in form once, not in a loop', async () => {
    // react-admin signs a visitor out on every render of its guard while a navigation in a
    // transition is pending: thousands of history entries and about 13 s before the form
    // showed in Chromium (app.tsx, useTransitions).
    fakeStaffApi([...staffBasics(ADMIN)]);
    const push = vi.spyOn(window.history, 'pushState');
    try {
      openSignedOut();
      await screen.findByLabelText(
        /^البريد الإلكتروني/,
        { selector: 'input' },
        { timeout: 20_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const toLogin = push.mock.calls.filter(([, , url]) => String(url).endsWith('/staff/login'));
      expect(toLogin).toHaveLength(1);
      expect(window.location.pathname).toBe('/staff/login');
    } finally {
      push.mockRestore();
    }
  });

  it('signs in in Arabic with the e-mail and password, then calls with the bearer token', async () => {
    const api = fakeStaffApi([...staffBasics(ADMIN)]);
    openSignedOut();
    await signIn('admin@dars.test');
    await screen.findByText('أهلاً بك في لوحة إدارة دَرس');
    const [login] = api.callsTo(e.staffLogin);
    expect(login?.body).toEqual({ email: 'admin@dars.test', password: 'secret-pass' });
    const [me] = api.callsTo(e.staffMe);
    expect(me?.authorization).toBe('Bearer tok-1');
  });

  it("shows the server's Arabic refusal when signing in fails", async () => {
    fakeStaffApi([
      answer(
        e.staffLogin,
        { message: 'هذا الحساب ليس من حسابات فريق العمل', code: 'FORBIDDEN' },
        { status: 403 },
      ),
    ]);
    openSignedOut();
    await signIn('student@dars.test');
    expect(await screen.findByText('هذا الحساب ليس من حسابات فريق العمل')).toBeInTheDocument();
  });

  it('names the console after the school on its sign-in page (ADR 049; «دَرس» by default)', async () => {
    fakeStaffApi([...staffBasics(ADMIN)]);
    openSignedOut();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'لوحة إدارة دَرس' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });

  it('shows an admin the settings', async () => {
    fakeStaffApi([...staffBasics(ADMIN)]);
    openSignedOut();
    await signIn('admin@dars.test');
    expect(await screen.findByRole('menuitem', { name: /الإعدادات/ })).toBeInTheDocument();
    expect(await screen.findByRole('menuitem', { name: /الدورات/ })).toBeInTheDocument();
  });

  it('shows a leader the content but not the settings', async () => {
    fakeStaffApi([...staffBasics(LEADER)]);
    openSignedOut();
    await signIn('leader@dars.test');
    expect(await screen.findByRole('menuitem', { name: /الدورات/ })).toBeInTheDocument();
    expect(await screen.findByRole('menuitem', { name: /الصفوف الدراسية/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /الإعدادات/ })).not.toBeInTheDocument();
  });

  it('shows a teacher their courses, exams and marking, and nothing of the school’s (ADR 048)', async () => {
    const api = fakeStaffApi([
      ...staffBasics(TEACHER),
      list(e.staffListCourses, [COURSE]),
      list(e.staffListMarking, []),
    ]);
    openSignedOut();
    await signIn('teacher@dars.test');
    // Their home: one course of theirs, no essay waiting; each a link.
    const courses = await screen.findByRole('link', { name: /دوراتي/ });
    await waitFor(() => expect(courses).toHaveTextContent('1'));
    expect(courses).toHaveAttribute('href', '/staff/courses');
    const marking = screen.getByRole('link', { name: /إجابات تنتظر التصحيح/ });
    await waitFor(() => expect(marking).toHaveTextContent('0'));
    const menu = (name: RegExp) => screen.queryByRole('menuitem', { name });
    for (const open of [
      /^الدورات$/,
      /^المحاضرات$/,
      /^الامتحانات$/,
      /^بنوك الأسئلة$/,
      /^التصحيح$/,
      /^نتائج الامتحانات$/,
      /^المدرسون$/,
      // The tickets about their courses (the server keeps the others from them).
      /^طلبات الدعم$/,
    ])
      expect(menu(open), String(open)).toBeInTheDocument();
    for (const closed of [
      /الإعدادات/,
      /الصفوف الدراسية/,
      /التصنيفات/,
      /^الطلاب$/,
      /طلبات الشحن/,
      /بطاقات الدفع/,
      /المشتريات/,
      /سجل التغييرات/,
      /حسابات فريق العمل/,
      /صور الصفحة الرئيسية/,
    ])
      expect(menu(closed), String(closed)).not.toBeInTheDocument();
    // The dashboard's figures are asked for as the teacher (the server answers their own
    // courses'); the school's money tiles are not drawn.
    await waitFor(() => expect(api.callsTo(e.staffGetStats).length).toBeGreaterThan(0));
    expect(screen.queryByText('الإيرادات')).not.toBeInTheDocument();
    expect(screen.queryByText('طلبات شحن تنتظر المراجعة')).not.toBeInTheDocument();
  });

  it('keeps a course’s price and teachers out of a teacher’s hands, with the reasons', async () => {
    fakeStaffApi([
      ...staffBasics(TEACHER),
      list(e.staffListCourses, []),
      list(e.staffListMarking, []),
      answer(e.staffGetCourse, { data: { ...COURSE, teacher_ids: [4] } }, { params: { id: 7 } }),
      list(e.staffListLectures, []),
      list(e.staffListGrades, []),
      list(e.staffListCategories, []),
      list(e.staffListTeachers, [staffTeacher({ id: 4, name: 'أ. محمد عبد الحميد' })]),
    ]);
    openSignedOut();
    await signIn('teacher@dars.test');
    await screen.findByText('أهلاً بك في لوحة إدارة دَرس');
    window.history.pushState(null, '', '/staff/courses/7');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByLabelText(/السعر/)).toBeDisabled();
    expect(screen.getByText('تعديل الأسعار متاح للمدير فقط')).toBeInTheDocument();
    expect(await screen.findByText('مدرسو الكورس تحددهم إدارة المنصة')).toBeInTheDocument();
  });

  it("puts the server's 422 field messages under the fields", async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      list(e.staffListGrades, []),
      answer(
        e.staffCreateGrade,
        { message: 'البيانات غير صحيحة', errors: { name: ['الاسم مستخدم في صف آخر'] } },
        { status: 422 },
      ),
    ]);
    openSignedOut();
    const user = await signIn('admin@dars.test');
    await screen.findByText('أهلاً بك في لوحة إدارة دَرس');
    window.history.pushState(null, '', '/staff/grades/create');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await user.type(await screen.findByLabelText(/الاسم/), 'الصف الأول');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('الاسم مستخدم في صف آخر')).toBeInTheDocument();
    expect(api.callsTo(e.staffCreateGrade)[0]?.body).toEqual({ name: 'الصف الأول' });
  });

  it("disables a course's price for a leader and never sends it", async () => {
    const api = fakeStaffApi([
      ...staffBasics(LEADER),
      answer(e.staffGetCourse, { data: COURSE }, { params: { id: 7 } }),
      answer(e.staffUpdateCourse, { data: { ...COURSE, name: 'فيزياء 3' } }, { params: { id: 7 } }),
      list(e.staffListLectures, []),
      list(e.staffListGrades, []),
      list(e.staffListCategories, []),
      list(e.staffListTeachers, []),
    ]);
    openSignedOut();
    const user = await signIn('leader@dars.test');
    await screen.findByText('أهلاً بك في لوحة إدارة دَرس');
    window.history.pushState(null, '', '/staff/courses/7');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const price = await screen.findByLabelText(/السعر/);
    expect(price).toBeDisabled();
    expect(screen.getByText('تعديل الأسعار متاح للمدير فقط')).toBeInTheDocument();
    const name = screen.getByLabelText(/^الاسم/);
    await user.clear(name);
    await user.type(name, 'فيزياء 3');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(api.callsTo(e.staffUpdateCourse, { id: 7 })).toHaveLength(1));
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { name: 'فيزياء 3' },
    ]);
  });

  it('lists courses with their price in pounds', async () => {
    fakeStaffApi([...staffBasics(ADMIN), list(e.staffListCourses, [COURSE])]);
    openSignedOut();
    await signIn('admin@dars.test');
    await screen.findByText('أهلاً بك في لوحة إدارة دَرس');
    window.history.pushState(null, '', '/staff/courses');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const row = (await screen.findByText('فيزياء الصف الثالث')).closest('tr')!;
    expect(within(row).getByText('120.00 جنيه')).toBeInTheDocument();
  });
});
