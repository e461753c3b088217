// Our embedded player: a bare page the clients open in a full-screen frame. It streams the
// video with range requests, floats the student's watermark over it, starts playing at once
// (the student's tap on «تشغيل» opened it), and tells the server when playback has really
// started so the view is counted there, then tells the page framing it what is left; and
// reports what it saw play, for the student's progress (ADR 054).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { VIDEO_VIEW_MESSAGE_TYPE } from '@dars/contract';
import { escapeHtml } from '../../lib/html';
import type { PlayerLadder } from './hls-service';

/** hls.js's version, so a new one is fetched afresh (the file is cached for a year). */
export const HLS_VERSION = (
  createRequire(import.meta.url)('hls.js/package.json') as { version: string }
).version;

/** What the player page says, in its own words (the page is the server's, not the app's). */
export const PLAYER_TEXT = {
  loading: 'جارٍ تحميل الفيديو…',
  start: 'تشغيل الفيديو',
  offline: 'تعذر تسجيل المشاهدة، تحقق من اتصالك',
  failed: 'تعذر تحميل الفيديو، أغلقه ثم افتحه مرة أخرى',
  quality: 'الجودة',
  auto: 'تلقائي',
  saver: 'تلقائي (توفير البيانات)',
  speed: 'السرعة',
  normal: 'عادية',
  resumed: 'نكمل من حيث توقفت',
  fromStart: 'من البداية',
  keys: 'المسافة: تشغيل/إيقاف · الأسهم: تقديم وتأخير ٥ ثوانٍ · F: ملء الشاشة · M: كتم الصوت',
} as const;

/** The speeds offered (0.75× to 2×, as the issue asks and lecture platforms give). */
export const PLAYER_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** Where the page loads hls.js from (served by the player's routes, from the npm package). */
export const HLS_SCRIPT_PATH = '/player/assets/hls.light.min.js';

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
  #bar { position: fixed; top: 8px; inset-inline-end: 8px; display: flex; gap: 8px; align-items: center;
         color: #fff; font-size: 14px; background: rgba(0,0,0,.55); border-radius: 8px; padding: 4px 8px;
         transition: opacity .3s; }
  #bar label { display: flex; gap: 4px; align-items: center; }
  #bar select { font: inherit; color: #fff; background: #222; border: 1px solid #888; border-radius: 6px;
                padding: 4px; min-height: 32px; }
  #bar select:focus-visible, #resume button:focus-visible { outline: 3px solid #ffd54f; outline-offset: 2px; }
  body.idle #bar { opacity: 0; }
  body.idle #bar:focus-within { opacity: 1; }
  #thumb { position: fixed; bottom: 72px; left: 50%; transform: translateX(-50%); border: 2px solid #fff;
           border-radius: 6px; background-repeat: no-repeat; box-shadow: 0 0 6px #000; pointer-events: none; }
  #thumb span { position: absolute; bottom: 2px; left: 0; right: 0; text-align: center; color: #fff;
                font-size: 13px; text-shadow: 0 0 3px #000; direction: ltr; }
  #resume { position: fixed; bottom: 72px; inset-inline-start: 12px; display: flex; gap: 8px; align-items: center;
            color: #fff; background: rgba(0,0,0,.72); border-radius: 8px; padding: 6px 10px; font-size: 14px; }
  #resume button { font: inherit; color: #fff; background: transparent; border: 1px solid #fff; border-radius: 6px;
                   padding: 4px 10px; cursor: pointer; min-height: 32px; }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
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
  // The source (ADR 055): the HLS ladder by hls.js where the browser has Media Source, by the
  // browser itself where it plays HLS (iOS Safari), else (or when the ladder fails) the MP4.
  var H = cfg.hls, hls = null, quality = document.getElementById('quality');
  var speed = document.getElementById('speed'), thumb = document.getElementById('thumb');
  var conn = navigator.connection || {};
  var saver = !!(conn.saveData || conn.type === 'cellular' || /(^|-)(2g|3g)$/.test(conn.effectiveType || ''));
  function mp4() {
    if (hls) { hls.destroy(); hls = null; }
    quality.parentNode.hidden = true;
    var at = v.currentTime;
    v.src = cfg.mp4;
    if (at) v.currentTime = at;
    play();
  }
  function option(value, text) {
    var o = document.createElement('option');
    o.value = value; o.textContent = text;
    return o;
  }
  function levelText() {
    var auto = quality.options[0];
    if (!hls || !auto) return;
    var level = hls.levels[hls.currentLevel];
    var base = (saver && hls.autoLevelCapping >= 0) ? cfg.text.saver : cfg.text.auto;
    auto.textContent = level && hls.autoLevelEnabled ? base + ' · ' + level.height + 'p' : base;
  }
  function attach() {
    if (H && window.Hls && window.Hls.isSupported()) {
      hls = new window.Hls({ capLevelToPlayerSize: true, maxBufferLength: 30, startPosition: cfg.resumeAt || -1 });
      hls.on(window.Hls.Events.MANIFEST_PARSED, function () {
        quality.innerHTML = '';
        quality.appendChild(option('-1', cfg.text.auto));
        for (var i = hls.levels.length - 1; i >= 0; i--) quality.appendChild(option(String(i), hls.levels[i].height + 'p'));
        quality.parentNode.hidden = false;
        if (saver) {
          // Mobile data or the data saver: start at the lowest and stay at most at 360p.
          var cap = -1;
          hls.levels.forEach(function (l, i) { if (l.height <= 360) cap = i; });
          hls.autoLevelCapping = cap;
          hls.startLevel = 0;
        }
        document.body.dataset.player = 'hls';
        levelText();
      });
      hls.on(window.Hls.Events.LEVEL_SWITCHED, function (e, d) {
        document.body.dataset.level = String(hls.levels[d.level] ? hls.levels[d.level].height : '');
        levelText();
      });
      var recovered = 0;
      hls.on(window.Hls.Events.ERROR, function (e, d) {
        if (!d.fatal) return;
        var status = d.response && d.response.code;
        if (status === 403) {
          // Refused (the sign-in ended, the lecture is no longer held, no view left): the key
          // call says why, in Arabic.
          loading.hidden = true; v.pause(); msg.textContent = cfg.expired;
          fetch(H.key).then(function (r) { return r.ok ? null : r.json(); })
            .then(function (b) { if (b && b.message) msg.textContent = b.message; })
            .catch(function () {});
          return;
        }
        if (d.type === window.Hls.ErrorTypes.MEDIA_ERROR && recovered++ < 2) hls.recoverMediaError();
        else if (d.type === window.Hls.ErrorTypes.NETWORK_ERROR && recovered++ < 3) hls.startLoad();
        else mp4();
      });
      hls.loadSource(H.master);
      hls.attachMedia(v);
      v.poster = H.poster;
    } else if (H && v.canPlayType('application/vnd.apple.mpegurl')) {
      document.body.dataset.player = 'native-hls';
      v.src = H.master;
      v.poster = H.poster;
      if (cfg.resumeAt) v.addEventListener('loadedmetadata', function once() {
        v.removeEventListener('loadedmetadata', once);
        v.currentTime = cfg.resumeAt;
      });
    } else {
      document.body.dataset.player = 'mp4';
      v.src = cfg.mp4;
      if (cfg.resumeAt) v.addEventListener('loadedmetadata', function once() {
        v.removeEventListener('loadedmetadata', once);
        v.currentTime = cfg.resumeAt;
      });
    }
  }
  quality.addEventListener('change', function () {
    if (!hls) return;
    var level = Number(quality.value);
    // Manual: switch now (the buffer ahead is dropped); auto: adapt from the next segment.
    if (level >= 0) { hls.autoLevelCapping = -1; hls.currentLevel = level; }
    else { hls.currentLevel = -1; }
    levelText();
  });
  cfg.speeds.forEach(function (rate) {
    // The figure and its sign read left to right inside the Arabic menu (isolated).
    var o = option(String(rate), rate === 1 ? cfg.text.normal : '\u2066' + rate + '×\u2069');
    if (rate === 1) o.selected = true;
    speed.appendChild(o);
  });
  speed.addEventListener('change', function () { v.playbackRate = Number(speed.value); });
  v.addEventListener('ratechange', function () { speed.value = String(v.playbackRate); });
  // Seek thumbnails: while the student scrubs, the frame where they will land.
  var thumbTimer = null;
  function clock(t) {
    t = Math.max(0, Math.floor(t));
    var h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, sec = t % 60;
    return (h ? h + ':' + (m < 10 ? '0' : '') : '') + m + ':' + (sec < 10 ? '0' : '') + sec;
  }
  function showThumb(t) {
    if (!H || !H.thumbs) return;
    var th = H.thumbs, i = Math.min(th.count - 1, Math.floor(t / th.interval));
    var w = 160, h = Math.round(160 * (v.videoHeight || 9) / (v.videoWidth || 16));
    thumb.style.width = w + 'px';
    thumb.style.height = h + 'px';
    thumb.style.backgroundImage = 'url("' + th.url + '")';
    thumb.style.backgroundSize = (w * th.columns) + 'px ' + (h * th.rows) + 'px';
    thumb.style.backgroundPosition = (-(i % th.columns) * w) + 'px ' + (-Math.floor(i / th.columns) * h) + 'px';
    thumb.firstChild.textContent = clock(t);
    thumb.hidden = false;
    clearTimeout(thumbTimer);
    thumbTimer = setTimeout(function () { thumb.hidden = true; }, 900);
  }
  v.addEventListener('seeking', function () { showThumb(v.currentTime); });
  // Keyboard: the page's keys work wherever the focus is, but in the menus.
  function seekBy(s) {
    v.currentTime = Math.min(Math.max(0, v.currentTime + s), isFinite(v.duration) ? v.duration : v.currentTime + s);
  }
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'SELECT' || e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key.toLowerCase(), handled = true;
    if (k === ' ' || k === 'k') { if (e.target === v && k === ' ') return; if (v.paused) play(); else v.pause(); }
    else if (k === 'arrowright') seekBy(5);
    else if (k === 'arrowleft') seekBy(-5);
    else if (k === 'l') seekBy(10);
    else if (k === 'j') seekBy(-10);
    else if (k === 'm') v.muted = !v.muted;
    else if (k === 'f') {
      if (document.fullscreenElement) document.exitFullscreen();
      else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
    } else if (k === '>' || k === '.') { v.playbackRate = Math.min(2, v.playbackRate + 0.25); }
    else if (k === '<' || k === ',') { v.playbackRate = Math.max(0.75, v.playbackRate - 0.25); }
    else if (/^[0-9]$/.test(k) && isFinite(v.duration)) v.currentTime = v.duration * Number(k) / 10;
    else handled = false;
    if (handled) e.preventDefault();
  });
  // The bar fades while the video plays untouched.
  var idle = null;
  function awake() {
    document.body.classList.remove('idle');
    clearTimeout(idle);
    idle = setTimeout(function () { if (!v.paused) document.body.classList.add('idle'); }, 3000);
  }
  ['mousemove', 'touchstart', 'keydown'].forEach(function (t) { document.addEventListener(t, awake, { passive: true }); });
  v.addEventListener('pause', awake);
  // Resumed where the student stopped: said, with the way back to the start.
  var resume = document.getElementById('resume');
  if (cfg.resumeAt) {
    resume.hidden = false;
    document.getElementById('again').addEventListener('click', function () {
      v.currentTime = 0; resume.hidden = true; play();
    });
    setTimeout(function () { resume.hidden = true; }, 8000);
  }
  attach();
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
  /** The MP4 (range requests): played without a ladder, and when the ladder fails. */
  streamUrl: string;
  /** The HLS ladder (ADR 055), when published for the video's file. */
  ladder?: PlayerLadder | null;
  /** Seconds to start from: where the student stopped (0: the start). */
  resumeAt?: number;
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
  const ladder = options.ladder ?? null;
  const cfg = {
    mp4: streamUrl,
    hls: ladder,
    resumeAt: options.resumeAt ?? 0,
    speeds: PLAYER_SPEEDS,
    expired: 'انتهت صلاحية رابط الفيديو، افتحه مرة أخرى من المحاضرة',
    text: {
      auto: PLAYER_TEXT.auto,
      saver: PLAYER_TEXT.saver,
      normal: PLAYER_TEXT.normal,
    },
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
<video id="v" controls playsinline controlsList="nodownload" disablepictureinpicture preload="auto" aria-label="${escapeHtml(title)}" aria-describedby="keys"></video>
<div id="wm" aria-hidden="true">${escapeHtml(watermark)}</div>
<div id="bar">
<label hidden>${PLAYER_TEXT.quality}<select id="quality"></select></label>
<label>${PLAYER_TEXT.speed}<select id="speed"></select></label>
</div>
<div id="thumb" hidden aria-hidden="true"><span></span></div>
<div id="resume" role="status" hidden>${PLAYER_TEXT.resumed}<button id="again" type="button">${PLAYER_TEXT.fromStart}</button></div>
<p id="keys" class="sr">${PLAYER_TEXT.keys}</p>
<p id="loading" role="status">${PLAYER_TEXT.loading}</p>
<button id="start" type="button" hidden><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M8 5v14l11-7z"/></svg>${PLAYER_TEXT.start}</button>
<p id="msg" role="alert"></p>
<script type="application/json" id="cfg">${jsonInScript(cfg)}</script>
${ladder ? `<script src="${HLS_SCRIPT_PATH}?v=${HLS_VERSION}"></script>\n` : ''}<script>${SCRIPT}</script>
</body>
</html>`;
}
