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

const FIGURE_FONT = `font-family="Cairo, 'Noto Sans Arabic', Tahoma, sans-serif"`;
const INK = '#263238';

function figure(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="#fff"/>${body}
</svg>`;
}

/**
 * A question figure: a battery of `volts` feeding resistors in parallel, one branch per entry
 * (one entry draws a plain loop), each labelled in ohms; `current` labels the battery's wire.
 * @example circuitFigure({ volts: 12, ohms: [6, 3] })
 */
export function circuitFigure({
  volts,
  ohms,
  current,
}: {
  volts: number;
  ohms: readonly number[];
  current?: string;
}): string {
  const last = 300 + (ohms.length - 1) * 180;
  const branches = ohms
    .map((ohm, i) => {
      const x = 300 + i * 180;
      const dots =
        i < ohms.length - 1
          ? `<circle cx="${x}" cy="60" r="7" fill="${INK}"/><circle cx="${x}" cy="300" r="7" fill="${INK}"/>`
          : '';
      return `<path d="M${x} 60V140M${x} 220V300" stroke="${INK}" stroke-width="4"/>
<rect x="${x - 22}" y="140" width="44" height="80" fill="#fff3e0" stroke="${INK}" stroke-width="4"/>${dots}
<text x="${x + 34}" y="188" ${FIGURE_FONT} font-size="30" fill="${INK}">${ohm} Ω</text>`;
    })
    .join('');
  const arrow = current
    ? `<path d="M160 40H230" stroke="#c62828" stroke-width="4" marker-end="url(#arrow)"/>
<text x="150" y="30" ${FIGURE_FONT} font-size="28" fill="#c62828">${escapeXml(current)}</text>`
    : '';
  return figure(
    last + 130,
    360,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0 0L10 5L0 10z" fill="#c62828"/></marker></defs>
<path d="M100 60H${last}M100 300H${last}M100 60V165M100 195V300" stroke="${INK}" stroke-width="4" fill="none"/>
<path d="M65 165H135" stroke="${INK}" stroke-width="5"/><path d="M82 195H118" stroke="${INK}" stroke-width="10"/>
<text x="60" y="190" text-anchor="end" ${FIGURE_FONT} font-size="26" fill="${INK}">${volts} V</text>${branches}${arrow}`,
  );
}

/**
 * A question figure: a right triangle with its two legs labelled, the hypotenuse marked «؟»
 * and the angle «س» opposite the upright leg.
 * @example rightTriangleFigure({ upright: '٣ سم', base: '٤ سم' })
 */
export function rightTriangleFigure({ upright, base }: { upright: string; base: string }): string {
  return figure(
    600,
    400,
    `<path d="M120 330H520L120 90Z" fill="#e3f2fd" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>
<path d="M120 300H150V330" fill="none" stroke="${INK}" stroke-width="3"/>
<path d="M450 330A70 70 0 0 1 460 294" fill="none" stroke="#c62828" stroke-width="3"/>
<text x="395" y="318" ${FIGURE_FONT} font-size="30" fill="#c62828">س</text>
<text x="320" y="378" text-anchor="middle" ${FIGURE_FONT} font-size="30" fill="${INK}">${escapeXml(base)}</text>
<text x="105" y="220" text-anchor="end" ${FIGURE_FONT} font-size="30" fill="${INK}">${escapeXml(upright)}</text>
<text x="340" y="190" ${FIGURE_FONT} font-size="34" fill="${INK}">؟</text>`,
  );
}

/**
 * A question figure: the graph of y = x² on axes from -2.5 to 2.5, with the tangent at
 * `tangentAt` when given (an explanation's figure).
 * @example parabolaFigure({ tangentAt: 1 })
 */
export function parabolaFigure({ tangentAt }: { tangentAt?: number } = {}): string {
  const px = (x: number) => Math.round(300 + x * 90);
  const py = (y: number) => Math.round(360 - y * 50);
  const curve = Array.from({ length: 51 }, (_, i) => {
    const x = -2.5 + i * 0.1;
    return `${px(x)},${py(x * x)}`;
  }).join(' ');
  let tangent = '';
  if (tangentAt !== undefined) {
    const a = tangentAt;
    const line = (x: number) => 2 * a * x - a * a;
    const [x0, x1] = [a - 1.2, a + 1.2];
    tangent = `<path d="M${px(x0)} ${py(line(x0))}L${px(x1)} ${py(line(x1))}" stroke="#c62828" stroke-width="4"/>
<circle cx="${px(a)}" cy="${py(a * a)}" r="8" fill="#c62828"/>`;
  }
  return figure(
    600,
    400,
    `<path d="M40 360H570M300 390V20" stroke="${INK}" stroke-width="2"/>
<polyline points="${curve}" fill="none" stroke="#1565c0" stroke-width="5"/>${tangent}
<text x="560" y="390" ${FIGURE_FONT} font-size="26" fill="${INK}">س</text>
<text x="312" y="36" ${FIGURE_FONT} font-size="26" fill="${INK}">ص</text>
<text x="400" y="120" direction="rtl" text-anchor="middle" ${FIGURE_FONT} font-size="30" fill="#1565c0">ص = س²</text>`,
  );
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
