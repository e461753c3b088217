import { describe, expect, it } from 'vitest';
import { entryMode } from './entry-mode';

describe('entryMode', () => {
  it("opens a lecture's exam from its link, even without general exams", () => {
    expect(entryMode({ examCode: 'L0003', courseId: 5, generalExams: false })).toBe('given');
    expect(entryMode({ examCode: 'L0003', courseId: 5, generalExams: true })).toBe('given');
  });

  it('opens a code from a results list without a course', () => {
    expect(entryMode({ examCode: 'G1001', courseId: null, generalExams: false })).toBe('given');
  });

  it('sends back to the course page with a course_id but no code', () => {
    expect(entryMode({ examCode: null, courseId: 5, generalExams: true })).toBe('fromCourse');
  });

  it('sends back to the course page when there are no general exams', () => {
    expect(entryMode({ examCode: null, courseId: null, generalExams: false })).toBe('fromCourse');
    expect(entryMode({ examCode: '', courseId: null, generalExams: false })).toBe('fromCourse');
  });

  it('asks for a code when general exams are on and nothing was given', () => {
    expect(entryMode({ examCode: null, courseId: null, generalExams: true })).toBe('code');
  });
});
