import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { apiFetch } from './http';

/**
 * Singletons that react-admin edits as one record: the app settings and the home page's
 * header images. Their id is fixed; the server has one of each.
 */
export const SETTINGS_ID = 'app';
export const HEADER_IMAGES_ID = 'home';

type ListAnswer = { data: RaRecord[]; meta: { total: number } };
type OneAnswer = { data: RaRecord };

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
 * `?page=&per_page=&sort=&order=&q=&<filter>=` of the staff lists (ADR 022's shape).
 * @example listQuery({ page: 2, perPage: 25 }, { field: 'name', order: 'ASC' }, { q: 'x' })
 *   // 'page=2&per_page=25&sort=name&order=asc&q=x'
 */
export function listQuery(
  pagination: { page: number; perPage: number } | undefined,
  sort: { field: string; order: string } | undefined,
  filter: Record<string, unknown> = {},
): string {
  const params = new URLSearchParams();
  if (pagination) {
    params.set('page', String(pagination.page));
    params.set('per_page', String(pagination.perPage));
  }
  if (sort?.field && sort.field !== 'id') {
    params.set('sort', sort.field);
    params.set('order', sort.order.toLowerCase() === 'desc' ? 'desc' : 'asc');
  } else if (sort?.field === 'id') {
    params.set('order', sort.order.toLowerCase() === 'desc' ? 'desc' : 'asc');
  }
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object') continue;
    params.set(key, String(value));
  }
  return params.toString();
}

const path = (resource: string) => `/staff/${resource}`;

export interface StaffDataProvider extends DataProvider {
  /** POST /staff/courses/:id/lectures/order with every lecture of the course in its new order. */
  orderLectures(courseId: Identifier, ids: Identifier[]): Promise<{ data: RaRecord[] }>;
  /** POST a picked image to an upload call (`/staff/courses/7/image`…); answers its url. */
  uploadImage(uploadPath: string, file: File): Promise<{ url: string }>;
  /** POST /staff/attachments (multipart): a lecture's file with its name. */
  uploadAttachment(
    lectureId: Identifier,
    name: string,
    file: File | undefined,
  ): Promise<{ data: RaRecord }>;
}

/** react-admin's data calls on the staff API (`/api/v1/staff/*`). */
export const dataProvider: StaffDataProvider = {
  async getList(resource, params) {
    const query = listQuery(params.pagination, params.sort, params.filter);
    const answer = await apiFetch<ListAnswer>(`${path(resource)}?${query}`, {
      signal: params.signal,
    });
    return { data: answer.data, total: answer.meta.total } as never;
  },

  async getOne(resource, params) {
    if (resource === 'settings') {
      const answer = await apiFetch<OneAnswer>('/staff/settings', { signal: params.signal });
      return { data: { ...answer.data, id: SETTINGS_ID } } as never;
    }
    if (resource === 'header-images') {
      const answer = await apiFetch<{ data: unknown[] }>('/staff/home/header-images', {
        signal: params.signal,
      });
      return { data: { id: HEADER_IMAGES_ID, header_images: answer.data } } as never;
    }
    const answer = await apiFetch<OneAnswer>(`${path(resource)}/${params.id}`, {
      signal: params.signal,
    });
    return { data: answer.data } as never;
  },

  async getMany(resource, params) {
    const data = await Promise.all(
      params.ids.map((id) =>
        apiFetch<OneAnswer>(`${path(resource)}/${id}`, { signal: params.signal }).then(
          (a) => a.data,
        ),
      ),
    );
    return { data } as never;
  },

  async getManyReference(resource, params) {
    const query = listQuery(params.pagination, params.sort, {
      ...params.filter,
      [params.target]: params.id,
    });
    const answer = await apiFetch<ListAnswer>(`${path(resource)}?${query}`, {
      signal: params.signal,
    });
    return { data: answer.data, total: answer.meta.total } as never;
  },

  async create(resource, params) {
    if (resource === 'attachments') {
      // Multipart: the file picked in the form (react-admin's FileInput keeps it as rawFile).
      const data = params.data as { lecture_id: Identifier; name: string; file?: { rawFile?: File } };
      return dataProvider.uploadAttachment(data.lecture_id, data.name, data.file?.rawFile) as never;
    }
    const answer = await apiFetch<OneAnswer>(path(resource), {
      method: 'POST',
      body: createBody(params.data as Record<string, unknown>),
    });
    return { data: answer.data } as never;
  },

  async update(resource, params) {
    const changes = changedFields(
      params.data as Record<string, unknown>,
      params.previousData as Record<string, unknown> | undefined,
    );
    if (resource === 'settings') {
      const answer = await apiFetch<OneAnswer>('/staff/settings', { method: 'PATCH', body: changes });
      return { data: { ...answer.data, id: SETTINGS_ID } } as never;
    }
    if (resource === 'header-images') {
      const answer = await apiFetch<{ data: unknown[] }>('/staff/home/header-images', {
        method: 'PUT',
        body: { header_images: (params.data as { header_images?: unknown[] }).header_images ?? [] },
      });
      return { data: { id: HEADER_IMAGES_ID, header_images: answer.data } } as never;
    }
    const answer = await apiFetch<OneAnswer>(`${path(resource)}/${params.id}`, {
      method: 'PATCH',
      body: changes,
    });
    return { data: answer.data } as never;
  },

  async updateMany(resource, params) {
    for (const id of params.ids) {
      await apiFetch(`${path(resource)}/${id}`, { method: 'PATCH', body: params.data });
    }
    return { data: params.ids };
  },

  async delete(resource, params) {
    await apiFetch(`${path(resource)}/${params.id}`, { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } } as never;
  },

  async deleteMany(resource, params) {
    for (const id of params.ids) await apiFetch(`${path(resource)}/${id}`, { method: 'DELETE' });
    return { data: params.ids };
  },

  orderLectures(courseId, ids) {
    return apiFetch(`/staff/courses/${courseId}/lectures/order`, {
      method: 'POST',
      body: { ids },
    });
  },

  async uploadImage(uploadPath, file) {
    const form = new FormData();
    form.append('file', file);
    const answer = await apiFetch<{ data: { url: string } }>(uploadPath, {
      method: 'POST',
      form,
    });
    return answer.data;
  },

  uploadAttachment(lectureId, name, file) {
    const form = new FormData();
    form.append('lecture_id', String(lectureId));
    form.append('name', name);
    // Without a file the server answers 422 under the file field.
    if (file) form.append('file', file);
    return apiFetch('/staff/attachments', { method: 'POST', form });
  },
};
