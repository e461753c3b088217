import {
  getCourseResponseSchema,
  getExamResultsResponseSchema,
  getLectureContentsResponseSchema,
  staffExamSessionSchema,
  staffListResponse,
  staffMarkResponseSchema,
  staffStatsSchema,
  staffStudentSessionSchema,
} from '@dars/contract';
import { apiGet, WEB_HEADERS, type TestServer } from '../helpers';

// Every place that shows a session's score or outcome, read over HTTP as each reader sees it:
// the student's results lists, the staff's results list, a student's sessions in the console,
// the results file and the dashboard; and the lecture rules an outcome opens or closes.

/** The staff API as the console calls it. */
export function staffApi(server: TestServer, token: string) {
  const headers = { ...WEB_HEADERS, authorization: `Bearer ${token}` };
  const get = (url: string) =>
    server.app.inject({ method: 'GET', url: `/api/v1/staff${url}`, headers });
  return {
    get,
    /** The staff results list's row of the student's session of the exam. */
    async sessionRow(examId: number, studentId: number) {
      const res = await get(`/exam-sessions?exam_id=${examId}&per_page=100`);
      if (res.statusCode !== 200) throw new Error(`exam-sessions ${res.statusCode} ${res.body}`);
      const rows = staffListResponse(staffExamSessionSchema).parse(res.json()).data;
      return rows.find((r) => r.student.id === studentId)!;
    },
    /** The student's page in the console, sessions tab: the row of the exam. */
    async studentSessionRow(studentId: number, examId: number) {
      const res = await get(`/students/${studentId}/exam-sessions?per_page=100`);
      if (res.statusCode !== 200) throw new Error(`student sessions ${res.statusCode} ${res.body}`);
      const rows = staffListResponse(staffStudentSessionSchema).parse(res.json()).data;
      return rows.find((r) => r.exam.id === examId)!;
    },
    /** The exam's results file: its line of the student, split into cells (no quoted cells here). */
    async csvCells(examId: number, studentId: number) {
      const res = await get(`/exams/${examId}/results.csv`);
      if (res.statusCode !== 200) throw new Error(`results.csv ${res.statusCode} ${res.body}`);
      const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
      const line = lines.find((l) => l.split(',')[1] === String(studentId));
      return line === undefined ? undefined : line.split(',');
    },
    /** The dashboard's exam figures for today (Cairo). */
    async examFigures(today: string) {
      const res = await get(`/stats?from=${today}&to=${today}`);
      if (res.statusCode !== 200) throw new Error(`stats ${res.statusCode} ${res.body}`);
      return staffStatsSchema.parse(res.json().data).exams;
    },
    /** Marks an essay answer through the marking screen's call. */
    async mark(answerId: number, mark: number) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/v1/staff/marking/${answerId}`,
        headers,
        payload: { mark },
      });
      if (res.statusCode !== 200) throw new Error(`marking ${res.statusCode} ${res.body}`);
      return staffMarkResponseSchema.parse(res.json()).data.result;
    },
  };
}

/** The student's row of the exam in their results list (exams, or homework). */
export async function studentListRow(
  server: TestServer,
  token: string,
  code: string,
  list: 'exams' | 'homework' = 'exams',
) {
  const url = list === 'exams' ? '/exams/results' : '/exams/homeworks/results';
  const rows = getExamResultsResponseSchema.parse((await apiGet(server.app, url, token)).json());
  return rows.data.find((r) => r.exam.exam_code === code)!;
}

/**
 * What the student finds of a lecture whose exams may hold its videos: the course page's
 * `enable_videos`, the contents' videos and exams, and whether the video link is given.
 */
export async function lectureState(
  server: TestServer,
  token: string,
  courseId: number,
  lectureId: number,
) {
  const course = getCourseResponseSchema.parse(
    (await apiGet(server.app, `/courses/${courseId}`, token)).json(),
  ).data;
  const contents = getLectureContentsResponseSchema.parse(
    (await apiGet(server.app, `/lectures/${lectureId}/contents`, token)).json(),
  );
  const video = contents.videos[0]!;
  const link = await apiGet(server.app, `/video/apps/${video.id}`, token);
  return {
    enableVideos: course.lectures.find((l) => l.id === lectureId)!.enable_videos,
    viewable: video.viewable,
    videoLink: link.statusCode,
    needsAttention: contents.exams.map((e) => e.needs_attention),
    toAlternative: contents.exams.map((e) => e.navigate_to_alternative),
  };
}

/** A lecture whose videos are open, as every state below is compared with. */
export const OPEN = { enableVideos: true, viewable: true, videoLink: 200 } as const;
/** A lecture whose videos an exam holds. */
export const HELD = { enableVideos: false, viewable: false, videoLink: 403 } as const;
