import { screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { staffEndpoints as e } from '@dars/contract';
import { ADMIN, answer, fakeStaffApi, list, pathOf, staffBasics } from '../test/fake-api';
import { staffLecture } from '../test/fixtures';
import { openConsole } from '../test/console';

const LECTURE = staffLecture({ id: 5, course_id: 7, name: 'المحاضرة الأولى', position: 1 });

// What a member types into a new item's form while the lecture it belongs to is still loading
// must stay typed when the lecture arrives (helper C saw the form reset in the e2e journey).
it(
  'keeps what was typed in a new video while its lecture loads',
  { timeout: 240_000 },
  async () => {
    let release!: () => void;
    const lectureLoaded = new Promise<void>((resolve) => (release = resolve));
    fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(e.staffGetLecture, { data: LECTURE }, { params: { id: 5 } }),
      list(e.staffListLectures, [LECTURE]),
    ]);
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      // The lecture and the list of lectures (`/staff/lectures/5`, `/staff/lectures?…`).
      if (String(input).includes(pathOf(e.staffListLectures))) await lectureLoaded;
      return fake(input, init);
    });
    const user = openConsole('/videos/create?lecture_id=5');
    const name = await screen.findByRole('textbox', { name: /الاسم/ }, { timeout: 25_000 });
    await user.click(name);
    await user.paste('شرح الدرس الأول');
    release();
    await waitFor(() => expect(screen.getByDisplayValue('المحاضرة الأولى')).toBeInTheDocument(), {
      timeout: 25_000,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByRole('textbox', { name: /^الاسم/ })).toHaveValue('شرح الدرس الأول');
  },
);
