import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nContextProvider } from 'react-admin';
import { i18nProvider } from '../i18n/ar';
import { session } from '../data/token';
import { VIDEO_UPLOAD_ENDPOINT, VideoUpload } from './video-upload';

// The console's build takes tus-js-client's browser code (XMLHttpRequest, Blob, localStorage);
// Vitest would resolve its Node code. The test runs the browser code against a tus endpoint.
vi.mock('tus-js-client', async () => {
  // @ts-expect-error the browser build has no .d.ts of its own (the package's types describe it)
  return import('tus-js-client/lib.esm/browser/index.js');
});

interface Seen {
  method: string;
  offset?: number;
  metadata?: string;
  authorization?: string;
}

/**
 * A tus 1.0 endpoint (creation, HEAD, PATCH) that keeps the bytes it received, like the
 * server's file store, and cuts the connection of the PATCHes listed in `drop` after `cutAt`
 * bytes of them: what arrived before the cut is kept, as a real server keeps it.
 */
async function tusEndpoint(options: { drop: number[]; cutAt: number; delayMs?: number }) {
  const seen: Seen[] = [];
  let received = Buffer.alloc(0);
  let length = 0;
  let patches = 0;
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'location, upload-offset, upload-length, tus-resumable',
  };
  const server = http.createServer((req, res) => {
    const header = (name: string) => req.headers[name] as string | undefined;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'POST, HEAD, PATCH, DELETE',
        'access-control-allow-headers': header('access-control-request-headers') ?? '*',
      });
      return res.end();
    }
    if (req.method === 'POST') {
      seen.push({
        method: 'POST',
        metadata: header('upload-metadata'),
        authorization: header('authorization'),
      });
      length = Number(header('upload-length'));
      res.writeHead(201, {
        ...cors,
        location: `${VIDEO_UPLOAD_ENDPOINT}/abc`,
        'tus-resumable': '1.0.0',
      });
      return res.end();
    }
    if (req.method === 'HEAD') {
      seen.push({ method: 'HEAD' });
      res.writeHead(200, {
        ...cors,
        'upload-offset': String(received.length),
        'upload-length': String(length),
        'cache-control': 'no-store',
        'tus-resumable': '1.0.0',
      });
      return res.end();
    }
    if (req.method === 'PATCH') {
      patches++;
      const offset = Number(header('upload-offset'));
      seen.push({ method: 'PATCH', offset });
      if (offset !== received.length) {
        res.writeHead(409, cors);
        return res.end();
      }
      const cut = options.drop.includes(patches);
      let got = 0;
      req.on('data', (chunk: Buffer) => {
        if (req.destroyed) return;
        const take = cut ? chunk.subarray(0, Math.max(0, options.cutAt - got)) : chunk;
        got += take.length;
        received = Buffer.concat([received, take]);
        if (cut && got >= options.cutAt) req.socket.destroy();
      });
      req.on('end', () => {
        if (req.destroyed) return;
        setTimeout(() => {
          res.writeHead(204, {
            ...cors,
            'upload-offset': String(received.length),
            'tus-resumable': '1.0.0',
          });
          res.end();
        }, options.delayMs ?? 0);
      });
      return;
    }
    res.writeHead(405, cors);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}${VIDEO_UPLOAD_ENDPOINT}`,
    seen,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const sources = new WeakMap<File, Buffer>();

/** An MP4 by its first bytes, then noise. */
function mp4(size: number): File {
  const head = Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex');
  const bytes = Buffer.concat([head, randomBytes(size - head.length)]);
  const file = new File([bytes], 'lesson.mp4', { type: 'video/mp4', lastModified: 1 });
  sources.set(file, bytes);
  return file;
}

/** The bytes a test file was made of (jsdom's File cannot be read back here). */
function bytesOf(file: File): Buffer {
  return sources.get(file)!;
}

function renderUpload(props: Parameters<typeof VideoUpload>[0]) {
  return render(
    <I18nContextProvider value={i18nProvider}>
      <VideoUpload {...props} />
    </I18nContextProvider>,
  );
}

describe('a lecture video sent by resumable upload', () => {
  it('goes on from where a dropped connection stopped and delivers the exact file', async () => {
    const tus = await tusEndpoint({ drop: [2], cutAt: 40_000 });
    close = tus.close;
    session.save('tok-9', { id: 1, name: 'مدير', email: 'a@dars.test', role: 'admin' });
    const file = mp4(300_000);
    const onUploaded = vi.fn();
    renderUpload({
      videoId: 42,
      file,
      onUploaded,
      endpoint: tus.endpoint,
      chunkSize: 100_000,
      retryDelays: [20, 20],
    });

    expect(await screen.findByText('تم رفع ملف الفيديو')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(tus.received().equals(bytesOf(file))).toBe(true);
    // One upload opened for video 42 with the staff token; after the cut the client asked how
    // far it got and went on from there (100000 + the 40000 that arrived), never from zero.
    const methods = tus.seen.map((s) => (s.method === 'PATCH' ? `PATCH@${s.offset}` : s.method));
    expect(methods).toEqual([
      'POST',
      'PATCH@0',
      'PATCH@100000',
      'HEAD',
      'PATCH@140000',
      'PATCH@240000',
    ]);
    expect(tus.seen[0]!.metadata).toContain(`video_id ${btoa('42')}`);
    expect(tus.seen[0]!.authorization).toBe('Bearer tok-9');
    const bar = screen.getByRole('progressbar', { name: 'تقدم رفع الفيديو' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });

  it('after the retries give up, shows how far it got and resumes from there on a click', async () => {
    const tus = await tusEndpoint({ drop: [1], cutAt: 120_000 });
    close = tus.close;
    const file = mp4(200_000);
    renderUpload({
      videoId: 7,
      file,
      endpoint: tus.endpoint,
      chunkSize: 1_000_000,
      retryDelays: [],
    });

    const status = await screen.findByText(/^توقف رفع الفيديو عند \d+%: تعذر الاتصال بالخادم$/);
    expect(status).toHaveAttribute('role', 'status');
    expect(tus.received().length).toBe(120_000);
    await userEvent.click(screen.getByRole('button', { name: 'استئناف الرفع' }));

    expect(await screen.findByText('تم رفع ملف الفيديو')).toBeInTheDocument();
    expect(tus.received().equals(bytesOf(file))).toBe(true);
    const methods = tus.seen.map((s) => (s.method === 'PATCH' ? `PATCH@${s.offset}` : s.method));
    expect(methods).toEqual(['POST', 'PATCH@0', 'HEAD', 'PATCH@120000']);
  });

  it('shows the progress in Arabic on an accessible progressbar while it goes', async () => {
    const tus = await tusEndpoint({ drop: [], cutAt: 0, delayMs: 400 });
    close = tus.close;
    const file = mp4(300_000);
    renderUpload({ videoId: 3, file, endpoint: tus.endpoint, chunkSize: 100_000 });
    await waitFor(() =>
      expect(
        screen.getAllByText(/^جار رفع الفيديو: \d+% \([\d.]+ (كيلوبايت|بايت) من 293 كيلوبايت\)$/),
      ).not.toHaveLength(0),
    );
    expect(await screen.findByText('تم رفع ملف الفيديو')).toBeInTheDocument();
  });

  it('refuses a file over 2 GB before sending anything', async () => {
    const tus = await tusEndpoint({ drop: [], cutAt: 0 });
    close = tus.close;
    const big = mp4(1000);
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 * 1024 + 1 });
    renderUpload({ videoId: 3, file: big, endpoint: tus.endpoint });
    expect(await screen.findByText('حجم الفيديو أكبر من 2 جيجابايت')).toBeInTheDocument();
    expect(tus.seen).toEqual([]);
  });
});
