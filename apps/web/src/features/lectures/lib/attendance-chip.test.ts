import { describe, expect, it } from 'vitest';
import { attendanceChipText } from './attendance-chip';

const video = {
  hide_attendance_chips: false,
  attendance_required: true,
  attendance_chip_text: null,
};

describe('attendanceChipText', () => {
  it("reads 'أساسي' for a required video without its own text", () => {
    expect(attendanceChipText(video)).toBe('أساسي');
  });

  it('uses the custom text when there is one', () => {
    expect(attendanceChipText({ ...video, attendance_chip_text: 'مراجعة' })).toBe('مراجعة');
    expect(
      attendanceChipText({ ...video, attendance_required: false, attendance_chip_text: 'إثرائي' }),
    ).toBe('إثرائي');
  });

  it('shows nothing when hidden, or for an optional video without text', () => {
    expect(attendanceChipText({ ...video, hide_attendance_chips: true })).toBeNull();
    expect(attendanceChipText({ ...video, attendance_required: false })).toBeNull();
  });
});
