import type { Course, Lecture, LectureContents, LectureExam, Video } from '@dars/contract';
import { courseFixture } from './fixtures';

/** A lecture of a course page, locked and priced by default. */
export function lectureFixture(overrides: Partial<Lecture> = {}): Lecture {
  const id = overrides.id ?? 31;
  return {
    id,
    course_id: 1,
    name: `المحاضرة ${id}`,
    free: false,
    price: 40,
    preview: false,
    purchased: false,
    expired: false,
    expiry_days: null,
    enable_videos: true,
    repurchasable: false,
    repurchase_price: null,
    paycard_disabled: false,
    ...overrides,
  };
}

/** A course page (GET /courses/{id}), not joined, with two lectures. */
export function courseDetailFixture(overrides: Partial<Course> = {}): Course {
  return {
    ...courseFixture({ id: overrides.id ?? 1 }),
    purchased: false,
    lectures: [lectureFixture({ id: 31 }), lectureFixture({ id: 32 })],
    ...overrides,
  };
}

export function videoFixture(overrides: Partial<Video> = {}): Video {
  return {
    id: 7,
    name: 'شرح الدرس',
    viewable: true,
    seen: false,
    views_limit: 3,
    counted_views: 1,
    hide_attendance_chips: false,
    attendance_required: true,
    attendance_chip_text: null,
    ...overrides,
  };
}

export function lectureExamFixture(overrides: Partial<LectureExam> = {}): LectureExam {
  return {
    id: 3,
    name: 'امتحان المحاضرة',
    exam_code: 'L0003',
    must_pass: false,
    must_take: false,
    needs_attention: false,
    navigate_to_alternative: false,
    alternative_exam: null,
    questions_count: 10,
    ...overrides,
  };
}

/** GET /lectures/{id}/contents with one of each. */
export function contentsFixture(overrides: Partial<LectureContents> = {}): LectureContents {
  return {
    videos: [videoFixture()],
    exams: [lectureExamFixture()],
    attachments: [
      {
        id: 9,
        name: 'ملخص المحاضرة',
        url: '/api/v1/attachments/9/download?at=signed',
        size: 1536,
        meta: { extension: 'pdf' },
      },
    ],
    ...overrides,
  };
}
