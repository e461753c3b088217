import type { DataProvider, RaRecord } from 'react-admin';

/** The server pages its lists at 100 at the most. */
const PAGE = 100;

/**
 * Every row of `resource` that `filter` picks, in position order, page after page (an exam's
 * questions, a course's lectures: reordered as a whole).
 */
export async function listAllByPosition<T extends RaRecord>(
  dataProvider: DataProvider,
  resource: string,
  filter: Record<string, unknown>,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList<T>(resource, {
      pagination: { page, perPage: PAGE },
      sort: { field: 'position', order: 'ASC' },
      filter,
    });
    all.push(...data);
    if (data.length < PAGE || all.length >= (total ?? 0)) return all;
  }
}
