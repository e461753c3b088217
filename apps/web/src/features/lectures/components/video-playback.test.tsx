import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSnackbar } from '../../../components/snackbar-provider';
import {
  contentsFixture,
  courseDetailFixture,
  lectureFixture,
  videoFixture,
} from '../../../test/catalog-fixtures';
import { encryptVideoUrl } from '../../../test/encrypt-video-url';
import { userFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { LectureList } from './lecture-list';
import { VideoPlayback } from './video-playback';

const SERVER = 'https://dars.example';
const NOT_YET = 'لن تُحتسب المشاهدة إلا عند بدء التشغيل';

function answerVideo(id: number) {
  return mockApi({
    [`GET /api/v1/video/apps/${id}`]: () => ({
      body: {
        u: encryptVideoUrl(`${SERVER}/player/${id}?vt=t${id}`),
        lc: null,
        watermark_id: '42',
      },
    }),
  });
}

/** The message our player page posts once the server has counted the view. */
function counted(videoId: number, figures: object = {}) {
  return {
    type: 'dars:video-view',
    video_id: videoId,
    counted: true,
    views_limit: 3,
    counted_views: 1,
    remaining_views: 2,
    ...figures,
  };
}

/** Delivers a message to the app's window as the browser would from `source`. */
function post(data: unknown, origin: string, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

async function openPlayer(name = 'شرح الدرس', id = 7) {
  const onViewCounted = vi.fn();
  answerVideo(id);
  renderWithApp(
    <VideoPlayback video={{ id, name }} onClose={() => {}} onViewCounted={onViewCounted} />,
  );
  const frame = (await screen.findByTitle(`مشغل الفيديو: ${name}`)) as HTMLIFrameElement;
  const dialog = screen.getByRole('dialog', { name });
  return { frame, dialog, onViewCounted };
}

describe('the player dialog’s view notice', () => {
  it('says nothing is counted before playback, then what is left once the player says it was', async () => {
    const { frame, dialog, onViewCounted } = await openPlayer();
    expect(frame).toHaveAttribute('allow', 'autoplay; fullscreen');
    const notice = within(dialog).getByRole('status');
    expect(notice).toHaveTextContent(NOT_YET);
    expect(notice).toHaveAttribute('aria-live', 'polite');

    post(counted(7), SERVER, frame.contentWindow);
    expect(notice).toHaveTextContent('تم احتساب مشاهدة — المتبقي 2 من 3 مشاهدات');
    expect(onViewCounted).toHaveBeenCalledWith({
      views_limit: 3,
      counted_views: 1,
      remaining_views: 2,
    });
  });

  it('says so for a video without a limit', async () => {
    const { frame, dialog } = await openPlayer('مراجعة', 9);
    post(
      counted(9, { views_limit: null, counted_views: 4, remaining_views: null }),
      SERVER,
      frame.contentWindow,
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'تم احتساب مشاهدة — مشاهدات غير محدودة',
    );
  });

  it('takes nothing from another origin, another window, another video or another shape', async () => {
    const { frame, dialog, onViewCounted } = await openPlayer();
    const notice = within(dialog).getByRole('status');
    // Another site's page in another frame or tab, even with our player's words.
    post(counted(7), 'https://evil.example', frame.contentWindow);
    // The app's own origin is not the server's here: a message from a page of the app.
    post(counted(7), window.location.origin, frame.contentWindow);
    // The server's origin, but not from this dialog's frame.
    post(counted(7), SERVER, window);
    post(counted(7), SERVER, null);
    // Our frame, but about another video, or not our message.
    post(counted(8), SERVER, frame.contentWindow);
    post({ ...counted(7), type: 'other:video-view' }, SERVER, frame.contentWindow);
    post({ ...counted(7), remaining_views: -1 }, SERVER, frame.contentWindow);
    post('dars:video-view', SERVER, frame.contentWindow);
    expect(notice).toHaveTextContent(NOT_YET);
    expect(onViewCounted).not.toHaveBeenCalled();
  });

  it('closes a message left on screen, so nothing covers the player as it opens', async () => {
    function Bought() {
      const showSnackbar = useSnackbar();
      const [playing, setPlaying] = useState(false);
      // Long enough that only the player can have closed it.
      useEffect(
        () => showSnackbar('لقد حصلت على المحاضرة بنجاح', { duration: 600_000 }),
        [showSnackbar],
      );
      return playing ? (
        <VideoPlayback video={{ id: 7, name: 'شرح الدرس' }} onClose={() => {}} />
      ) : (
        <button type="button" onClick={() => setPlaying(true)}>
          تشغيل
        </button>
      );
    }
    answerVideo(7);
    renderWithApp(<Bought />);
    expect(await screen.findByText('لقد حصلت على المحاضرة بنجاح')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'تشغيل' }));
    await screen.findByTitle('مشغل الفيديو: شرح الدرس');
    await waitFor(() =>
      expect(screen.queryByText('لقد حصلت على المحاضرة بنجاح')).not.toBeInTheDocument(),
    );
  });
});

describe('the lecture’s videos tab', () => {
  it('shows the views left as soon as the player says the view was counted', async () => {
    const bought = lectureFixture({ id: 31, name: 'المحاضرة الأولى', purchased: true });
    const api = mockApi({
      'GET /api/v1/lectures/31/contents': () => ({
        body: contentsFixture({ videos: [videoFixture({ counted_views: 0 })] }),
      }),
      'GET /api/v1/video/apps/7': () => ({
        body: { u: encryptVideoUrl(`${SERVER}/player/7?vt=t7`), lc: null, watermark_id: '42' },
      }),
    });
    renderWithApp(
      <LectureList
        course={courseDetailFixture({ id: 1, pay_type: 'lectures', lectures: [bought] })}
        onNeedCourse={() => {}}
        onPurchased={() => {}}
      />,
      { path: '/courses/1', routePath: '/courses/:id', user: userFixture() },
    );
    await userEvent.click(screen.getByRole('button', { name: 'المحاضرة الأولى' }));
    const lecture = await screen.findByRole('dialog', { name: 'المحاضرة الأولى' });
    expect(await within(lecture).findByText('المتبقي 3 من 3 مشاهدات')).toBeInTheDocument();
    await userEvent.click(within(lecture).getByRole('button', { name: 'تشغيل شرح الدرس' }));
    const frame = (await screen.findByTitle('مشغل الفيديو: شرح الدرس')) as HTMLIFrameElement;
    const contentsCalls = api.mock.calls.length;

    post(counted(7), SERVER, frame.contentWindow);
    // Behind the player, from the message alone: no new request.
    expect(await within(lecture).findByText('المتبقي 2 من 3 مشاهدات')).toBeInTheDocument();
    expect(within(lecture).queryByText('المتبقي 3 من 3 مشاهدات')).not.toBeInTheDocument();
    expect(api.mock.calls.length).toBe(contentsCalls);
  });
});
