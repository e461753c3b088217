import { describe, expect, it } from 'vitest';
import { staffEndpoints as e, staffEndpoints } from '@dars/contract';
import { answer, fakeStaffApi, list } from '../test/fake-api';
import { changedFields, dataProvider, HEADER_IMAGES_ID, listQuery } from './data-provider';
import { fieldErrors } from './http';
import { resources } from './resources';

describe('the staff data provider', () => {
  it('asks for a page, its size, the order and the filters', () => {
    expect(
      listQuery(
        { page: 2, perPage: 25 },
        { field: 'name', order: 'DESC' },
        { q: 'فيزياء', course_id: 7, published: true, empty: '', list: [1] },
      ),
    ).toEqual({ page: 2, per_page: 25, sort: 'name', order: 'desc', q: 'فيزياء', course_id: 7, published: true });
    // The id is the server's default order: only its direction is sent.
    expect(listQuery(undefined, { field: 'id', order: 'DESC' })).toEqual({ order: 'desc' });
  });

  it('sends only what an edit changed, never the computed fields', () => {
    const before = { id: 7, name: 'أ', price: 120, grade_ids: [1], users_count: 3, description: 'x' };
    const after = { ...before, name: 'ب', grade_ids: [1, 2], users_count: 4, description: '' };
    expect(changedFields(after, before)).toEqual({ name: 'ب', grade_ids: [1, 2], description: null });
  });

  it("reads the server's 422 as one message per field", () => {
    expect(
      fieldErrors({ name: ['الاسم مطلوب', 'ثاني'], 'recharge_info.min_recharge_amount': ['أدخل مبلغاً صحيحاً'] }),
    ).toEqual({ name: 'الاسم مطلوب', 'recharge_info.min_recharge_amount': 'أدخل مبلغاً صحيحاً' });
    expect(fieldErrors(undefined)).toBeUndefined();
    expect(fieldErrors({})).toBeUndefined();
  });
});

describe('the data provider made from the table of resources', () => {
  it('gives every call of the table from the contract, with the method its role needs', () => {
    const entries = new Set<unknown>(Object.values(staffEndpoints));
    const methods = { list: 'GET', get: 'GET', create: 'POST', update: /^(PATCH|PUT)$/, delete: 'DELETE' };
    for (const [resource, calls] of Object.entries(resources)) {
      for (const [role, method] of Object.entries(methods)) {
        const entry = calls[role as keyof typeof methods];
        if (!entry) continue;
        expect(entries.has(entry), `${resource}.${role}`).toBe(true);
        expect(entry.method, `${resource}.${role}`).toMatch(method);
      }
    }
  });

  it("takes a list's path params from its filter (a student's ledger)", async () => {
    const api = fakeStaffApi([list(e.staffListStudentLedger, [])]);
    await dataProvider.getList('student-ledger', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { student_id: 40 },
    });
    const [call] = api.callsTo(e.staffListStudentLedger, { id: 40 });
    expect(call?.query).toEqual({ page: '1', per_page: '10', order: 'desc' });
  });

  it('reads and saves a singleton under its fixed id, the header images saved whole', async () => {
    const slide = { url: '/storage/a.png', href: null, to: null };
    const api = fakeStaffApi([
      answer(e.staffGetHeaderImages, { data: [slide] }),
      answer(e.staffPutHeaderImages, { data: [] }),
    ]);
    await expect(dataProvider.getOne('header-images', { id: HEADER_IMAGES_ID })).resolves.toEqual({
      data: { id: HEADER_IMAGES_ID, header_images: [slide] },
    });
    await dataProvider.update('header-images', {
      id: HEADER_IMAGES_ID,
      data: { id: HEADER_IMAGES_ID, header_images: [] },
      previousData: { id: HEADER_IMAGES_ID, header_images: [slide] },
    });
    expect(api.callsTo(e.staffPutHeaderImages).map((c) => c.body)).toEqual([{ header_images: [] }]);
  });

  it('sends a new attachment as one multipart call with its file', async () => {
    const created = { id: 22, lecture_id: 5, name: 'تمارين', position: 1, size: 3, extension: 'pdf' };
    const api = fakeStaffApi([answer(e.staffCreateAttachment, { data: created })]);
    const rawFile = new File(['pdf'], 'ex.pdf', { type: 'application/pdf' });
    await expect(
      dataProvider.create('attachments', { data: { lecture_id: 5, name: 'تمارين', file: { rawFile } } }),
    ).resolves.toEqual({ data: created });
    const form = api.callsTo(e.staffCreateAttachment)[0]!.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('lecture_id')).toBe('5');
    expect((form as FormData).get('file')).toBeInstanceOf(File);
  });

  it('refuses a call the table does not give a resource, naming both', async () => {
    await expect(dataProvider.getOne('marking', { id: 1 })).rejects.toThrow(
      'The staff API has no get call for "marking"',
    );
  });

  it("turns an answer that is not the contract's into an Arabic error, not data", async () => {
    fakeStaffApi([answer(e.staffGetGrade, { data: { id: 1 } })], { checkAnswers: false });
    await expect(dataProvider.getOne('grades', { id: 1 })).rejects.toMatchObject({
      message: 'وصل من الخادم رد غير متوقع، حدّث الصفحة وحاول مرة أخرى',
    });
  });
});
