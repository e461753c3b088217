// Our embedded player: a bare page the clients open in a full-screen frame. It streams the
// video with range requests, floats the student's watermark over it, and tells the server
// when playback starts so the view is counted there.
import { escapeHtml } from '../../lib/html';

export function playerPage(options: {
  title: string;
  streamUrl: string;
  viewUrl: string;
  token: string;
  watermark: string;
}): string {
  const { title, streamUrl, viewUrl, token, watermark } = options;
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  html, body { margin: 0; height: 100%; background: #000; overflow: hidden; font-family: system-ui, sans-serif; }
  video { width: 100%; height: 100%; object-fit: contain; background: #000; }
  #wm { position: fixed; top: 12%; inset-inline-start: 8%; color: rgba(255,255,255,.45); font-size: 14px;
        pointer-events: none; user-select: none; text-shadow: 0 0 2px #000; transition: all 1.5s ease; }
  #msg { position: fixed; inset: auto 0 16px 0; text-align: center; color: #fff; font-size: 15px; }
</style>
</head>
<body>
<video id="v" controls playsinline controlsList="nodownload" disablepictureinpicture preload="metadata" src="${escapeHtml(streamUrl)}"></video>
<div id="wm" aria-hidden="true">${escapeHtml(watermark)}</div>
<div id="msg" role="status"></div>
<script>
(function () {
  var v = document.getElementById('v'), wm = document.getElementById('wm'), msg = document.getElementById('msg');
  var counted = false;
  v.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  v.addEventListener('play', function () {
    if (counted) return;
    counted = true;
    fetch(${JSON.stringify(viewUrl)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ vt: ${JSON.stringify(token)} }) })
      .then(function (r) { if (!r.ok) { v.pause(); return r.json().then(function (b) { msg.textContent = b.message; }); } document.body.dataset.viewCounted = 'true'; })
      .catch(function () { msg.textContent = 'تعذر تسجيل المشاهدة، تحقق من اتصالك'; v.pause(); counted = false; });
  });
  setInterval(function () {
    wm.style.top = (5 + Math.random() * 80) + '%';
    wm.style.insetInlineStart = (5 + Math.random() * 70) + '%';
  }, 8000);
})();
</script>
</body>
</html>`;
}
