import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resultSessionFixture } from '../../../test/exam-fixtures';
import { userFixture } from '../../../test/fixtures';
import { calledUrls, mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { ResultsListPage } from './results-list-page';

describe('ResultsListPage', () => {
  it('lists each session with its name, date, chip, marks and a details link', async () => {
    mockApi({
      'GET /api/v1/exams/results': () => ({
        body: {
          data: [
            resultSessionFixture({ id: 1 }),
            resultSessionFixture({
              id: 2,
              succeeded: false,
              correction_mark: 1,
              exam: { exam_code: 'G2', name: 'امتحان الهندسة', show_result: true },
            }),
            resultSessionFixture({
              id: 3,
              corrected: false,
              succeeded: null,
              correction_mark: null,
              exam: { exam_code: 'G3', name: 'امتحان المقال', show_result: true },
            }),
            resultSessionFixture({
              id: 4,
              succeeded: null,
              correction_mark: null,
              exam: { exam_code: 'G4', name: 'امتحان سري', show_result: false },
            }),
          ],
        },
      }),
    });
    renderWithApp(<ResultsListPage kind="exams" />, { user: userFixture() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'نتائج الامتحانات' }),
    ).toBeVisible();
    const [passed, failed, waiting, hidden] = await screen.findAllByRole('listitem');
    expect(within(passed!).getByText('ناجح')).toBeVisible();
    expect(within(passed!).getByText('الدرجة: 4 من 6')).toBeVisible();
    expect(within(passed!).getByText(/2026/)).toBeVisible();
    expect(
      within(passed!).getByRole('link', { name: 'التفاصيل', description: 'امتحان الجبر الشهري' }),
    ).toHaveAttribute('href', '/exams?exam_code=G1001');
    expect(within(failed!).getByText('لم تنجح')).toBeVisible();
    expect(within(waiting!).getByText('لم يتم التصحيح')).toBeVisible();
    expect(within(waiting!).queryByText(/الدرجة/)).not.toBeInTheDocument();
    expect(within(hidden!).getByText('النتيجة غير معروضة')).toBeVisible();
    expect(within(hidden!).queryByText(/ناجح|لم تنجح|الدرجة/)).not.toBeInTheDocument();
  });

  it('says a running session is not submitted yet and offers to continue it, not "not corrected"', async () => {
    mockApi({
      'GET /api/v1/exams/homeworks/results': () => ({
        body: {
          data: [
            resultSessionFixture({
              id: 7,
              active: true,
              corrected: false,
              succeeded: null,
              correction_mark: null,
              exam: { exam_code: 'H7', name: 'واجب المحاضرة الثالثة', show_result: false },
            }),
            resultSessionFixture({ id: 8, active: false }),
          ],
        },
      }),
    });
    renderWithApp(<ResultsListPage kind="homeworks" />, { user: userFixture() });
    const [running, done] = await screen.findAllByRole('listitem');
    expect(within(running!).getByText('لم يتم التسليم بعد')).toBeVisible();
    expect(
      within(running!).queryByText(/لم يتم التصحيح|النتيجة غير معروضة|ناجح|الدرجة/),
    ).not.toBeInTheDocument();
    expect(
      within(running!).getByRole('link', {
        name: 'متابعة الامتحان',
        description: 'واجب المحاضرة الثالثة',
      }),
    ).toHaveAttribute('href', '/exams?exam_code=H7');
    expect(within(done!).queryByText('لم يتم التسليم بعد')).not.toBeInTheDocument();
    expect(within(done!).getByText('ناجح')).toBeVisible();
    expect(within(done!).getByRole('link', { name: 'التفاصيل' })).toBeVisible();
  });

  it('reads the homework list from its own call, with its empty message', async () => {
    const api = mockApi({ 'GET /api/v1/exams/homeworks/results': () => ({ body: { data: [] } }) });
    renderWithApp(<ResultsListPage kind="homeworks" />, { user: userFixture() });
    expect(await screen.findByText('لم تؤدِّ أي واجب حتى الآن')).toBeVisible();
    expect(calledUrls(api)).toEqual(['/api/v1/exams/homeworks/results']);
  });

  it('offers a retry when the list cannot be read', async () => {
    mockApi({ 'GET /api/v1/exams/results': () => ({ status: 500, body: { message: 'x' } }) });
    renderWithApp(<ResultsListPage kind="exams" />, { user: userFixture() });
    expect(await screen.findByText('حدثت مشكلة أثناء تحميل النتائج')).toBeVisible();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
  });
});

describe('ResultsListPage: attempts (ADR 047)', () => {
  it('names each attempt of an exam taken more than once and marks the one that counts', async () => {
    const exam = { exam_code: 'DRAW', name: 'امتحان الكهربية', show_result: true };
    mockApi({
      'GET /api/v1/exams/results': () => ({
        body: {
          data: [
            resultSessionFixture({ id: 12, exam, attempt: 2, counts: false, correction_mark: 2 }),
            resultSessionFixture({ id: 11, exam, attempt: 1, counts: true, correction_mark: 5 }),
            resultSessionFixture({ id: 10, attempt: 1, counts: true }),
            resultSessionFixture({
              id: 9,
              exam: { exam_code: 'OLD', name: 'امتحان قديم', show_result: true },
            }),
          ],
        },
      }),
    });
    renderWithApp(<ResultsListPage kind="exams" />, { user: userFixture() });
    const [second, first, single, older] = await screen.findAllByRole('listitem');
    expect(within(second!).getByText('المحاولة 2')).toBeVisible();
    expect(within(second!).queryByText('المحتسبة')).not.toBeInTheDocument();
    expect(within(first!).getByText('المحاولة 1')).toBeVisible();
    expect(within(first!).getByText('المحتسبة')).toBeVisible();
    expect(within(first!).getByText('الدرجة: 5 من 6')).toBeVisible();
    // An exam taken once, and a row of an older server, say nothing of attempts.
    for (const row of [single!, older!])
      expect(within(row).queryByText(/المحاولة|المحتسبة/)).not.toBeInTheDocument();
  });

  it('opens an attempt’s own result from its row, also before a second attempt is made', async () => {
    const exam = { exam_code: 'TWICE', name: 'امتحان بمحاولتين', show_result: true };
    mockApi({
      'GET /api/v1/exams/results': () => ({
        body: {
          data: [
            resultSessionFixture({
              id: 21,
              exam,
              attempt: 1,
              counts: true,
              attempts_allowed: 2,
              session_token: 'tok-first',
            }),
            resultSessionFixture({ id: 20, session_token: 'tok-once', attempts_allowed: 1 }),
          ],
        },
      }),
    });
    renderWithApp(<ResultsListPage kind="exams" />, { user: userFixture() });
    const [twice, once] = await screen.findAllByRole('listitem');
    expect(within(twice!).getByText('المحاولة 1')).toBeVisible();
    expect(within(twice!).getByRole('link', { name: 'التفاصيل' })).toHaveAttribute(
      'href',
      '/exams/session?sessionToken=tok-first&exam_code=TWICE',
    );
    // An exam of one attempt keeps the spec's way: its details open the exam's page.
    const onceLink = within(once!).getByRole('link', { name: 'التفاصيل' });
    expect(onceLink.getAttribute('href')).toMatch(/^\/exams\?exam_code=/);
  });

  it('marks no running attempt as counting, and every finished one under the average', async () => {
    const exam = { exam_code: 'AVG', name: 'واجب المتوسط', show_result: true };
    mockApi({
      'GET /api/v1/exams/homeworks/results': () => ({
        body: {
          data: [
            resultSessionFixture({
              id: 3,
              exam,
              attempt: 3,
              active: true,
              counts: false,
              corrected: false,
              succeeded: null,
              correction_mark: null,
            }),
            resultSessionFixture({ id: 2, exam, attempt: 2, counts: true }),
            resultSessionFixture({ id: 1, exam, attempt: 1, counts: true }),
          ],
        },
      }),
    });
    renderWithApp(<ResultsListPage kind="homeworks" />, { user: userFixture() });
    const [running, second, first] = await screen.findAllByRole('listitem');
    expect(within(running!).getByText('المحاولة 3')).toBeVisible();
    expect(within(running!).getByText('لم يتم التسليم بعد')).toBeVisible();
    expect(within(running!).queryByText('المحتسبة')).not.toBeInTheDocument();
    expect(within(second!).getByText('المحتسبة')).toBeVisible();
    expect(within(first!).getByText('المحتسبة')).toBeVisible();
  });
});
