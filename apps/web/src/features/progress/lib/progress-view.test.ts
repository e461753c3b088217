import { describe, expect, it } from 'vitest';
import type { LectureProgress } from '@dars/contract';
import {
  formatPercent,
  lectureCount,
  lectureLink,
  leftItems,
  progressState,
  summaryLines,
} from './progress-view';

function lecture(overrides: Partial<LectureProgress> & { id: number }): LectureProgress {
  return {
    name: `المحاضرة ${overrides.id}`,
    open: true,
    videos: [],
    attachments: [],
    exams: [],
    ...overrides,
  };
}

function video(id: number, percent: number) {
  return {
    id,
    name: `فيديو ${id}`,
    duration_seconds: 600,
    watched_seconds: percent * 6,
    position_seconds: 0,
    percent,
    watched: percent >= 90,
    plays: percent > 0 ? 1 : 0,
    first_watched_at: null,
    last_watched_at: null,
  };
}

const attachment = (id: number, opened_at: string | null) => ({ id, name: `ملف ${id}`, opened_at });

function exam(id: number, taken: boolean, kind: 'exam' | 'homework' = 'exam') {
  return {
    id,
    name: `امتحان ${id}`,
    kind,
    taken,
    score_percent: taken ? 70 : null,
    waiting_mark: false,
    passed: taken ? true : null,
    finished_at: taken ? '2026-03-01T10:00:00Z' : null,
  };
}

const figures = (done: number, total: number) => ({ done, total });

describe('summaryLines', () => {
  it('counts each kind with the Arabic noun that agrees with the total', () => {
    const lines = summaryLines({
      videos: figures(3, 8),
      attachments: figures(1, 2),
      exams: figures(1, 3),
      percent: 38,
    });
    expect(lines.map((line) => line.text)).toEqual([
      'شاهدت 3 من 8 فيديوهات',
      'فتحت 1 من ملفين',
      'أديت 1 من 3 امتحانات وواجبات',
    ]);
  });

  it('agrees with one, eleven and more, and leaves out a kind the course has none of', () => {
    const lines = summaryLines({
      videos: figures(0, 1),
      attachments: figures(0, 0),
      exams: figures(5, 12),
      percent: 20,
    });
    expect(lines).toEqual([
      { kind: 'video', text: 'شاهدت 0 من فيديو واحد' },
      { kind: 'exam', text: 'أديت 5 من 12 امتحاناً وواجباً' },
    ]);
    expect(summaryLines({ ...figuresOf(1200), percent: 0 })[0]!.text).toBe(
      'شاهدت 1,000 من 1,200 فيديو',
    );
  });
});

function figuresOf(total: number) {
  return { videos: figures(1000, total), attachments: figures(0, 0), exams: figures(0, 0) };
}

describe('leftItems', () => {
  it('keeps what is not done in open lectures, in order: videos, attachments, exams', () => {
    const lectures = [
      lecture({
        id: 1,
        videos: [video(11, 100), video(12, 40)],
        attachments: [attachment(21, '2026-03-01T10:00:00Z'), attachment(22, null)],
        exams: [exam(31, true), exam(32, false, 'homework')],
      }),
      lecture({ id: 2, open: false, videos: [video(13, 0)], exams: [exam(33, false)] }),
      lecture({ id: 3, videos: [video(14, 89)] }),
    ];
    expect(leftItems(lectures).map((left) => [left.kind, left.item.id, left.lecture.id])).toEqual([
      ['video', 12, 1],
      ['attachment', 22, 1],
      ['exam', 32, 1],
      ['video', 14, 3],
    ]);
  });
});

describe('lectureCount', () => {
  it('counts watched videos, opened attachments and taken exams of all', () => {
    expect(
      lectureCount(
        lecture({
          id: 1,
          videos: [video(11, 95), video(12, 10)],
          attachments: [attachment(21, '2026-03-01T10:00:00Z')],
          exams: [exam(31, false)],
        }),
      ),
    ).toEqual({ done: 2, total: 4 });
  });
});

describe('progressState', () => {
  it('tells no lectures, nothing to do, all done, done but locked, and going', () => {
    expect(progressState({ lectures: [] })).toBe('no-lectures');
    expect(progressState({ lectures: [lecture({ id: 1 })] })).toBe('nothing');
    const done = lecture({ id: 1, videos: [video(11, 100)] });
    expect(progressState({ lectures: [done] })).toBe('all-done');
    expect(progressState({ lectures: [done, lecture({ id: 2, open: false })] })).toBe('open-done');
    expect(progressState({ lectures: [lecture({ id: 1, videos: [video(11, 50)] })] })).toBe(
      'going',
    );
  });
});

describe('lectureLink and formatPercent', () => {
  it('opens the lecture on the course page, on a tab when given', () => {
    expect(lectureLink(5, 31, 'exams')).toBe('/courses/5?lecture=31&tab=exams');
    expect(lectureLink(5, 33)).toBe('/courses/5?lecture=33');
  });

  it('writes a percent with the Arabic sign and at most two decimals', () => {
    expect(formatPercent(85.5)).toBe('85.5٪');
    expect(formatPercent(100)).toBe('100٪');
  });
});
