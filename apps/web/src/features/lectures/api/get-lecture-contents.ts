import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LectureContents } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /lectures/{id}/contents: the videos, exams and attachments of a lecture the student
 * has access to. A 403 carries the server's reason (not bought, expired).
 * @example const { videos, exams, attachments } = await getLectureContents(31)
 */
export function getLectureContents(id: number, signal?: AbortSignal): Promise<LectureContents> {
  return callEndpoint(routes.getLectureContents, { params: { id }, signal });
}

/** Always refetched on opening: views, `viewable` and attachment links change over time. */
export function lectureContentsQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['lecture-contents', id],
    queryFn: ({ signal }) => getLectureContents(id, signal),
    staleTime: 0,
  });
}

/** @example const { data, isPending, error } = useLectureContents(31) */
export function useLectureContents(id: number) {
  return useQuery(lectureContentsQueryOptions(id));
}
