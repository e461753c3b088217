// Demo artwork drawn as SVG, so the seed needs no binary assets and no network.

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A deterministic pseudo-random sequence, so the same seed always draws the same picture. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A course cover (16:9): a gradient in the subject's hue, soft shapes and the subject's glyph.
 * @example courseCover({ hue: 210, glyph: 'ر', seed: 3 })
 */
export function courseCover({
  hue,
  glyph,
  seed,
}: {
  hue: number;
  glyph: string;
  seed: number;
}): string {
  const r = rng(seed);
  const circles = Array.from({ length: 7 }, () => {
    const cx = Math.round(r() * 800);
    const cy = Math.round(r() * 450);
    const rad = Math.round(40 + r() * 140);
    const o = (0.06 + r() * 0.12).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="#fff" opacity="${o}"/>`;
  }).join('');
  const shift = Math.round(r() * 40) - 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" width="800" height="450">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue + shift},70%,52%)"/><stop offset="1" stop-color="hsl(${hue + shift + 35},65%,30%)"/>
</linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>${circles}
<circle cx="400" cy="225" r="120" fill="#fff" opacity="0.18"/>
<text x="400" y="225" dy="0.35em" text-anchor="middle" font-family="Cairo, 'Noto Sans Arabic', Tahoma, sans-serif" font-size="150" font-weight="700" fill="#fff">${escapeXml(glyph)}</text>
</svg>`;
}

/** A round avatar with the person's initial on a gradient. */
export function avatar({ hue, initial }: { hue: number; initial: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},65%,58%)"/><stop offset="1" stop-color="hsl(${hue + 30},60%,36%)"/>
</linearGradient></defs>
<rect width="256" height="256" fill="url(#a)"/>
<circle cx="128" cy="100" r="46" fill="#fff" opacity="0.9"/>
<path d="M40 236c8-52 46-80 88-80s80 28 88 80z" fill="#fff" opacity="0.9"/>
<text x="128" y="100" dy="0.36em" text-anchor="middle" font-family="Cairo, 'Noto Sans Arabic', Tahoma, sans-serif" font-size="52" font-weight="700" fill="hsl(${hue},55%,35%)">${escapeXml(initial)}</text>
</svg>`;
}

/** A wide profile banner with a wave pattern. */
export function banner({ hue, seed }: { hue: number; seed: number }): string {
  const r = rng(seed);
  const waves = Array.from({ length: 5 }, (_, i) => {
    const y = 60 + i * 45 + Math.round(r() * 20);
    const a = 20 + Math.round(r() * 30);
    return `<path d="M0 ${y} C300 ${y - a} 500 ${y + a} 800 ${y} S1300 ${y - a} 1500 ${y}" stroke="#fff" stroke-width="${2 + i}" fill="none" opacity="${(0.1 + i * 0.04).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1500 400" width="1500" height="400">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${hue + 40},65%,55%)"/>
</linearGradient></defs>
<rect width="1500" height="400" fill="url(#b)"/>${waves}
</svg>`;
}

/** A home-page slide: a wide gradient with a title and a line of text. */
export function slide({ hue, title, line }: { hue: number; title: string; line: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 450" width="1600" height="450" direction="rtl">
<defs><linearGradient id="s" x1="1" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${hue + 50},70%,28%)"/>
</linearGradient></defs>
<rect width="1600" height="450" fill="url(#s)"/>
<circle cx="200" cy="380" r="260" fill="#fff" opacity="0.08"/><circle cx="1450" cy="40" r="180" fill="#fff" opacity="0.1"/>
<text x="1480" y="190" text-anchor="start" font-family="Cairo, 'Noto Sans Arabic', Tahoma, sans-serif" font-size="84" font-weight="700" fill="#fff">${escapeXml(title)}</text>
<text x="1480" y="290" text-anchor="start" font-family="Cairo, 'Noto Sans Arabic', Tahoma, sans-serif" font-size="44" fill="#fff" opacity="0.9">${escapeXml(line)}</text>
</svg>`;
}

/**
 * A small, valid one-page PDF (Latin text: a PDF's base fonts have no Arabic glyphs).
 * @example fs.writeFileSync('summary.pdf', tinyPdf('Lecture summary'))
 */
export function tinyPdf(title: string): Buffer {
  const text = title.replace(/[^\x20-\x7e]/g, '').replace(/[()\\]/g, '') || 'Dars';
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
