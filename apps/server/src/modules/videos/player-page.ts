// Our embedded player: a bare page the clients open in a full-screen frame. It streams the
// video with range requests, floats the student's watermark over it, starts playing at once
// (the student's tap on «تشغيل» opened it), and tells the server when playback has really
// started so the view is counted there, then tells the page framing it what is left; and
// reports what it saw play, for the student's progress (ADR 054).
import { createHash } from 'node:crypto';
import { VIDEO_VIEW_MESSAGE_TYPE } from '@dars/contract';
import { escapeHtml } from '../../lib/html';

/** What the player page says, in its own words (the page is the server's, not the app's). */
export const PLAYER_TEXT = {
  loading: 'جارٍ تحميل الفيديو…',
  start: 'تشغيل الفيديو',
  offline: 'تعذر تسجيل المشاهدة، تحقق من اتصالك',
  failed: 'تعذر تحميل الفيديو، أغلقه ثم افتحه مرة أخرى',
} as const;

/**
 * The page's style. Fixed text, so the policy allows it by its hash; the watermark moves by
 * the script setting its CSSOM properties, which a policy does not govern.
 */
const STYLE = `
  html, body { margin: 0; height: 100%; background: #000; overflow: hidden; font-family: system-ui, sans-serif; }
  video { width: 100%; height: 100%; object-fit: contain; background: #000; }
  #wm { position: fixed; top: 12%; inset-inline-start: 8%; color: rgba(255,255,255,.45); font-size: 14px;
        pointer-events: none; user-select: none; text-shadow: 0 0 2px #000; transition: all 1.5s ease; }
  #msg { position: fixed; inset: auto 0 64px 0; text-align: center; color: #fff; font-size: 15px; margin: 0;
         padding: 0 16px; text-shadow: 0 0 3px #000; }
  #loading { position: fixed; inset: 50% 0 auto 0; transform: translateY(calc(-100% - 56px)); text-align: center;
             color: #fff; font-size: 16px; margin: 0; pointer-events: none; text-shadow: 0 0 3px #000; }
  #start { position: fixed; top: 50%; left: 50%; transform: translate(-50%, -50%); display: flex; align-items: center;
           gap: 12px; min-height: 72px; padding: 16px 32px; border: 2px solid #fff; border-radius: 999px;
           background: rgba(0,0,0,.72); color: #fff; font: 700 20px system-ui, sans-serif; cursor: pointer;
           white-space: nowrap; }
  #start:hover { background: rgba(0,0,0,.85); }
  #start:focus-visible { outline: 3px solid #ffd54f; outline-offset: 3px; }
  #start svg { width: 32px; height: 32px; fill: currentColor; }
  [hidden] { display: none !important; }
`;

/**
 * The page's script: fixed text, so the policy allows it by its hash (no 'unsafe-inline'); what
 * differs per opening it reads from the JSON block `#cfg`, which is data and never runs.
 * - Playback starts at once: the tap that opened the frame lets it play with sound where the
 *   browser passes that tap to a frame allowed to autoplay. Where it does not (play() refused),
 *   a big «تشغيل الفيديو» button stands over the video; one tap on it plays.
 * - The view is counted at the first `playing` (frames on screen), not at `play` (a request to
 *   play that may still fail to load) nor when the page opens.
 * - The answer (views left) is posted to the parent, to each origin allowed to frame the page:
 *   postMessage delivers it only to the one the parent has, so no other page ever reads it.
 * - Progress (ADR 054): the seconds that really played add up from `timeupdate`'s steps; a
 *   step over 2 s or backwards is a seek, not play. They are reported every 15 s of play and
 *   at a pause, the end, and when the page goes (by a beacon, which outlives the page); a
 *   report that fails is added to the next one.
 */
const SCRIPT = `(function () {
  var cfg = JSON.parse(document.getElementById('cfg').textContent);
  var v = document.getElementById('v'), wm = document.getElementById('wm');
  var msg = document.getElementById('msg'), loading = document.getElementById('loading');
  var start = document.getElementById('start');
  var counted = false;
  function tell(answer) {
    if (window.parent === window) return;
    var message = { type: cfg.type, video_id: cfg.videoId, counted: answer.counted,
      views_limit: answer.views_limit, counted_views: answer.counted_views,
      remaining_views: answer.remaining_views };
    [location.origin].concat(cfg.origins).forEach(function (origin) {
      try { window.parent.postMessage(message, origin); } catch (e) { /* not an origin */ }
    });
  }
  function play() {
    msg.textContent = '';
    var started = v.play();
    if (started && started.catch) started.catch(function (e) {
      if (e && e.name === 'NotAllowedError') {
        loading.hidden = true;
        start.hidden = false;
        start.focus();
      }
    });
  }
  var played = 0, last = null;
  function report(leaving) {
    var watched = Math.min(Math.floor(played * 10) / 10, 120);
    if (!(watched > 0)) return;
    played -= watched;
    var body = { vt: cfg.token, watched: watched, position: Math.min(Math.max(v.currentTime || 0, 0), 86400) };
    if (isFinite(v.duration) && v.duration > 0) body.duration = Math.min(v.duration, 86400);
    var text = JSON.stringify(body);
    if (leaving && navigator.sendBeacon &&
      navigator.sendBeacon(cfg.progressUrl, new Blob([text], { type: 'application/json' }))) return;
    fetch(cfg.progressUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text, keepalive: true })
      .then(function (r) { if (!r.ok && r.status !== 403) played += watched; })
      .catch(function () { played += watched; });
  }
  v.addEventListener('timeupdate', function () {
    var t = v.currentTime;
    if (last !== null && !v.paused && !v.seeking) {
      var step = t - last;
      if (step > 0 && step <= 2) played += step;
    }
    last = t;
    if (played >= 15) report(false);
  });
  v.addEventListener('seeking', function () { last = null; });
  v.addEventListener('pause', function () { report(false); });
  v.addEventListener('ended', function () { report(false); });
  window.addEventListener('pagehide', function () { report(true); });
  v.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  start.addEventListener('click', function () { start.hidden = true; loading.hidden = false; play(); });
  v.addEventListener('play', function () { start.hidden = true; });
  v.addEventListener('waiting', function () { if (start.hidden) loading.hidden = false; });
  v.addEventListener('error', function () { loading.hidden = true; msg.textContent = cfg.failed; });
  v.addEventListener('playing', function () {
    loading.hidden = true;
    start.hidden = true;
    if (counted) return;
    counted = true;
    fetch(cfg.viewUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ vt: cfg.token }) })
      .then(function (r) {
        return r.json().then(function (b) {
          if (!r.ok) { v.pause(); msg.textContent = b.message; return; }
          document.body.dataset.viewCounted = 'true';
          tell(b);
        });
      })
      .catch(function () { msg.textContent = cfg.offline; v.pause(); counted = false; });
  });
  play();
  setInterval(function () {
    wm.style.top = (5 + Math.random() * 80) + '%';
    wm.style.insetInlineStart = (5 + Math.random() * 70) + '%';
  }, 8000);
})();`;

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy's sources for the page's one script and one style block. */
export const PLAYER_SCRIPT_HASH = hashOf(SCRIPT);
export const PLAYER_STYLE_HASH = hashOf(STYLE);

/** JSON safe inside a `<script>` data block: no `<` to close it early. */
const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function playerPage(options: {
  title: string;
  videoId: number;
  streamUrl: string;
  viewUrl: string;
  /** Where the page reports what played (POST /video/progress). */
  progressUrl: string;
  token: string;
  watermark: string;
  /** Who may frame the page besides its own origin (the apps, CORS_ORIGINS): the view's news goes to them. */
  frameOrigins: readonly string[];
}): string {
  const { title, videoId, streamUrl, viewUrl, progressUrl, token, watermark, frameOrigins } =
    options;
  const cfg = {
    type: VIDEO_VIEW_MESSAGE_TYPE,
    videoId,
    viewUrl,
    progressUrl,
    token,
    // The page's own origin (the site's) the script adds: the browser knows it.
    origins: frameOrigins,
    offline: PLAYER_TEXT.offline,
    failed: PLAYER_TEXT.failed,
  };
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<video id="v" controls playsinline controlsList="nodownload" disablepictureinpicture preload="auto" src="${escapeHtml(streamUrl)}"></video>
<div id="wm" aria-hidden="true">${escapeHtml(watermark)}</div>
<p id="loading" role="status">${PLAYER_TEXT.loading}</p>
<button id="start" type="button" hidden><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M8 5v14l11-7z"/></svg>${PLAYER_TEXT.start}</button>
<p id="msg" role="alert"></p>
<script type="application/json" id="cfg">${jsonInScript(cfg)}</script>
<script>${SCRIPT}</script>
</body>
</html>`;
}
