import type { DataProvider, GetManyParams, Identifier, RaRecord } from 'react-admin';
import { isRecord, staffEndpoints } from '@dars/contract';
import type { QueryParams } from '@dars/contract/client';
import { callStaff, callStaffEntry } from './http';
import { callsOf, type ResourceCalls } from './resources';

export { HEADER_IMAGES_ID, SETTINGS_ID } from './resources';

/** Fields the server computes: never sent back. */
const READ_ONLY = new Set([
  'id',
  'created_at',
  'lectures_count',
  'users_count',
  'courses_count',
  'videos_count',
  'attachments_count',
  'exams_count',
  'questions_count',
  'sessions_count',
  'total_mark',
  'image_url',
  'avatar_url',
  'banner_url',
  'has_file',
  'duration_seconds',
  'size',
  'extension',
]);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What an edit changed, for `PATCH` (partial): only the fields whose value differs from the
 * record as loaded. A leader's form therefore never sends a price it did not (and may not)
 * touch, and an unchanged nested object (recharge_info, social) stays out.
 * @example changedFields({ a: 1, b: 2 }, { a: 1, b: 3 }) // { b: 3 }
 */
export function changedFields(
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (READ_ONLY.has(key)) continue;
    if (previous && same(value, previous[key])) continue;
    out[key] = value === '' ? null : value;
  }
  return out;
}

/** The body of a create: every field but the computed ones, empty text as null. */
function createBody(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (READ_ONLY.has(key) || value === undefined) continue;
    out[key] = value === '' ? null : value;
  }
  return out;
}

/**
 * `?page=&per_page=&sort=&order=&q=&<filter>=` of the staff lists (ADR 022's shape); a filter
 * that is empty or not a plain value is left out.
 * @example listQuery({ page: 2, perPage: 25 }, { field: 'name', order: 'ASC' }, { q: 'x' })
 *   // { page: 2, per_page: 25, sort: 'name', order: 'asc', q: 'x' }
 */
export function listQuery(
  pagination: { page: number; perPage: number } | undefined,
  sort: { field: string; order: string } | undefined,
  filter: Record<string, unknown> = {},
): QueryParams {
  const query: QueryParams = {};
  if (pagination) {
    query.page = pagination.page;
    query.per_page = pagination.perPage;
  }
  if (sort?.field && sort.field !== 'id') query.sort = sort.field;
  if (sort?.field) query.order = sort.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      continue;
    query[key] = value;
  }
  return query;
}

/** The `data` of an answer the entry's schema checked (`{ data }`). */
function dataOf(answer: unknown): unknown {
  return isRecord(answer) ? answer.data : undefined;
}

/**
 * The record of a get, create or update answer, with the singleton's fixed id. react-admin
 * lets each screen name the type of its records (`useGetOne<StaffExam>`); the answer was checked
 * by the entry's response schema, which those types come from.
 */
function recordOf<R extends RaRecord>(calls: ResourceCalls, answer: unknown): R {
  const data = dataOf(answer);
  const fields = calls.record ? calls.record(data) : isRecord(data) ? data : {};
  const record = calls.singleton ? { ...fields, id: calls.singleton } : fields;
  if (record.id === undefined) throw new Error('The staff API answered a record without an id');
  return record as R;
}

/** The rows and total of a list answer (`{ data, meta: { total } }`). */
function listOf<R extends RaRecord>(answer: unknown): { data: R[]; total: number } {
  const rows = isRecord(answer) && Array.isArray(answer.data) ? answer.data : [];
  const meta = isRecord(answer) && isRecord(answer.meta) ? answer.meta : {};
  return {
    data: rows.filter(isRecord).map((row) => recordOf<R>({}, { data: row })),
    total: typeof meta.total === 'number' ? meta.total : rows.length,
  };
}

/** The `:id` of a record's call; none for a singleton. */
const idParams = (calls: ResourceCalls, id: Identifier) =>
  calls.singleton ? undefined : { id: String(id) };

/** A list's call: its path params taken from the filter (listParams), the rest as its query. */
async function list(
  resource: string,
  pagination: { page: number; perPage: number } | undefined,
  sort: { field: string; order: string } | undefined,
  filter: Record<string, unknown>,
  signal: AbortSignal | undefined,
) {
  const calls = callsOf(resource, 'list');
  const rest = { ...filter };
  let params: Record<string, string> | undefined;
  for (const [param, field] of Object.entries(calls.listParams ?? {})) {
    params = { ...params, [param]: String(rest[field]) };
    delete rest[field];
  }
  return callStaffEntry(calls.list!, { params, query: listQuery(pagination, sort, rest), signal });
}

/** A picture upload call of the contract: one `file`, answering its url. */
export type ImageUploadEntry =
  | typeof staffEndpoints.staffUploadCourseImage
  | typeof staffEndpoints.staffUploadTeacherAvatar
  | typeof staffEndpoints.staffUploadTeacherBanner
  | typeof staffEndpoints.staffUploadQuestionImage
  | typeof staffEndpoints.staffUploadQuestionExplainImage;

export interface StaffDataProvider extends DataProvider {
  /** Every lecture of a course in its new order (staffOrderLectures). */
  orderLectures(
    courseId: Identifier,
    ids: Identifier[],
  ): ReturnType<typeof callStaff<typeof staffEndpoints.staffOrderLectures>>;
  /** A picked image, uploaded to a record's picture call; answers its url. */
  uploadImage(entry: ImageUploadEntry, id: Identifier, file: File): Promise<{ url: string }>;
  /** A home slide's picture (staffUploadHeaderImage); answers its url. */
  uploadHeaderImage(file: File): Promise<{ url: string }>;
  /** The school's logo or favicon (staffUploadBrandImage, ADR 049); answers its url. */
  uploadBrandImage(file: File): Promise<{ url: string }>;
}

const imageForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/**
 * react-admin's data calls on the staff API, made from the table of resources
 * (`resources.ts`): each resource's list, get, create, update and delete entries of the contract.
 */
export const dataProvider: StaffDataProvider = {
  async getList(resource, params) {
    const answer = await list(
      resource,
      params.pagination,
      params.sort,
      params.filter ?? {},
      params.signal,
    );
    return listOf(answer);
  },

  async getOne(resource, params) {
    const calls = callsOf(resource, 'get');
    const answer = await callStaffEntry(calls.get!, {
      params: idParams(calls, params.id),
      signal: params.signal,
    });
    return { data: recordOf(calls, answer) };
  },

  async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>) {
    const calls = callsOf(resource, 'get');
    const data = await Promise.all(
      params.ids.map(async (id) =>
        recordOf<R>(
          calls,
          await callStaffEntry(calls.get!, { params: idParams(calls, id), signal: params.signal }),
        ),
      ),
    );
    return { data };
  },

  async getManyReference(resource, params) {
    const filter = { ...params.filter, [params.target]: params.id };
    const answer = await list(resource, params.pagination, params.sort, filter, params.signal);
    return listOf(answer);
  },

  async create(resource, params) {
    const calls = callsOf(resource, 'create');
    const data = params.data as Record<string, unknown>;
    const answer = await callStaffEntry(calls.create!, {
      body: calls.createBody ? calls.createBody(data) : createBody(data),
    });
    return { data: recordOf(calls, answer) };
  },

  async update(resource, params) {
    const calls = callsOf(resource, 'update');
    const data = params.data as Record<string, unknown>;
    const body = calls.updateBody
      ? calls.updateBody(data)
      : changedFields(data, params.previousData as Record<string, unknown> | undefined);
    const answer = await callStaffEntry(calls.update!, { params: idParams(calls, params.id), body });
    return { data: recordOf(calls, answer) };
  },

  async updateMany(resource, params) {
    const calls = callsOf(resource, 'update');
    for (const id of params.ids) {
      await callStaffEntry(calls.update!, { params: idParams(calls, id), body: params.data });
    }
    return { data: params.ids };
  },

  async delete(resource, params) {
    const calls = callsOf(resource, 'delete');
    await callStaffEntry(calls.delete!, { params: idParams(calls, params.id) });
    return { data: params.previousData ?? recordOf(calls, { data: { id: params.id } }) };
  },

  async deleteMany(resource, params) {
    const calls = callsOf(resource, 'delete');
    for (const id of params.ids) {
      await callStaffEntry(calls.delete!, { params: idParams(calls, id) });
    }
    return { data: params.ids };
  },

  orderLectures(courseId, ids) {
    return callStaff(staffEndpoints.staffOrderLectures, {
      params: { id: Number(courseId) },
      body: { ids: ids.map(Number) },
    });
  },

  async uploadImage(entry, id, file) {
    const answer = await callStaff(entry, { params: { id: Number(id) }, body: imageForm(file) });
    return answer.data;
  },

  async uploadHeaderImage(file) {
    const answer = await callStaff(staffEndpoints.staffUploadHeaderImage, {
      body: imageForm(file),
    });
    return answer.data;
  },

  async uploadBrandImage(file) {
    const answer = await callStaff(staffEndpoints.staffUploadBrandImage, {
      body: imageForm(file),
    });
    return answer.data;
  },
};
