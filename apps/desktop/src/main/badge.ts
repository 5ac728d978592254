// Draws the tray icon with its unread badge, and the badge alone (the Windows taskbar overlay), as RGBA
// pixels: Amiko's mark (the two circles of the favicon) and a red badge with white figures, "9+" above
// nine. Pure code without Electron or a canvas, so the tray, the tests and the README's picture all come
// from the same drawing. Edges are anti-aliased by sampling each pixel 4×4 times.

/** Straight (not premultiplied) RGBA, row by row from the top left. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

type Color = readonly [r: number, g: number, b: number, a: number];
type Point = readonly [x: number, y: number];
/** Whether a point (in pixels) lies inside a shape. */
type Shape = (x: number, y: number) => boolean;
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

// The favicon's colours (apps/web/public/favicon.svg) and the UI's red for alerts (Mantine red.8).
const BLUE: Color = [0x3b, 0x5b, 0xdb, 1];
const ORANGE: Color = [0xfd, 0x7e, 0x14, 0.85];
const RED: Color = [0xe0, 0x31, 0x31, 1];
const WHITE: Color = [0xff, 0xff, 0xff, 1];
const SAMPLES = 4;

/** What the badge says: nothing for no unread conversations, the number up to nine, then "9+". */
export function badgeLabel(count: number): string {
  if (!(count > 0)) return '';
  return count > 9 ? '9+' : String(Math.floor(count));
}

function blank(size: number): RgbaImage {
  return { width: size, height: size, data: new Uint8Array(size * size * 4) };
}

/** Paints `color` over the image where `shape` covers it, weighted by how much of each pixel it covers. */
function paint(image: RgbaImage, shape: Shape, box: Box, color: Color): void {
  forCoverage(image, shape, box, (i, coverage) => {
    const d = image.data;
    const srcA = color[3] * coverage;
    const dstA = d[i + 3]! / 255;
    const outA = srcA + dstA * (1 - srcA);
    if (outA === 0) return;
    for (let c = 0; c < 3; c++)
      d[i + c] = Math.round((color[c]! * srcA + d[i + c]! * dstA * (1 - srcA)) / outA);
    d[i + 3] = Math.round(outA * 255);
  });
}

/** Makes the image transparent where `shape` covers it: the gap that sets the badge off the mark. */
function erase(image: RgbaImage, shape: Shape, box: Box): void {
  forCoverage(image, shape, box, (i, coverage) => {
    image.data[i + 3] = Math.round(image.data[i + 3]! * (1 - coverage));
  });
}

function forCoverage(
  image: RgbaImage,
  shape: Shape,
  box: Box,
  apply: (index: number, coverage: number) => void,
) {
  const x0 = Math.max(0, Math.floor(box.left));
  const y0 = Math.max(0, Math.floor(box.top));
  const x1 = Math.min(image.width, Math.ceil(box.right));
  const y1 = Math.min(image.height, Math.ceil(box.bottom));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      let inside = 0;
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++)
          if (shape(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES)) inside++;
      if (inside > 0) apply((y * image.width + x) * 4, inside / (SAMPLES * SAMPLES));
    }
  }
}

const circle =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

function distanceToSegment(x: number, y: number, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / length));
  return Math.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
}

/** A horizontal capsule: the badge's outline (a circle when it is as wide as high). */
function pill(box: Box): Shape {
  const r = (box.bottom - box.top) / 2;
  const cy = box.top + r;
  const a: Point = [box.left + r, cy];
  const b: Point = [box.right - r, cy];
  return (x, y) => distanceToSegment(x, y, a, b) <= r;
}

// The figures as strokes with round ends, in a box 0.6 wide and 1 high (y down), drawn at any size.
const GLYPH_WIDTH = 0.6;
const PLUS_WIDTH = 0.5;
const STROKE = 0.2;

function arc(cx: number, cy: number, rx: number, ry: number, fromDeg: number, toDeg: number): Point[] {
  const steps = Math.max(4, Math.ceil(Math.abs(toDeg - fromDeg) / 15));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((fromDeg + ((toDeg - fromDeg) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as const;
  });
}

function curve(p0: Point, p1: Point, p2: Point): Point[] {
  return Array.from({ length: 9 }, (_, i) => {
    const t = i / 8;
    const u = 1 - t;
    return [
      u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
      u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
    ] as const;
  });
}

const turned = (strokes: Point[][]): Point[][] =>
  strokes.map((stroke) => stroke.map(([x, y]) => [GLYPH_WIDTH - x, 1 - y] as const));

const SIX: Point[][] = [curve([0.5, 0.02], [0.02, 0.2], [0.02, 0.7]), arc(0.3, 0.7, 0.28, 0.28, 0, 360)];

const GLYPHS: Record<string, Point[][]> = {
  '0': [arc(0.3, 0.5, 0.3, 0.5, 0, 360)],
  '1': [
    [
      [0.1, 0.2],
      [0.34, 0],
      [0.34, 1],
    ],
  ],
  '2': [[...arc(0.3, 0.28, 0.3, 0.28, 180, 400), [0, 1], [0.6, 1]]],
  '3': [arc(0.3, 0.26, 0.27, 0.26, 200, 450), arc(0.3, 0.74, 0.3, 0.26, 270, 520)],
  '4': [
    [
      [0.45, 1],
      [0.45, 0],
      [0, 0.68],
      [0.6, 0.68],
    ],
  ],
  '5': [[[0.55, 0], [0.08, 0], [0.04, 0.46], ...arc(0.3, 0.68, 0.3, 0.32, 230, 500)]],
  '6': SIX,
  '7': [
    [
      [0, 0],
      [0.6, 0],
      [0.2, 1],
    ],
  ],
  '8': [arc(0.3, 0.26, 0.25, 0.26, 0, 360), arc(0.3, 0.74, 0.3, 0.26, 0, 360)],
  '9': turned(SIX),
  '+': [
    [
      [0.25, 0.22],
      [0.25, 0.78],
    ],
    [
      [0, 0.5],
      [0.5, 0.5],
    ],
  ],
};

const advance = (character: string) => (character === '+' ? PLUS_WIDTH : GLYPH_WIDTH);
const GAP = 0.22;

function textWidth(label: string): number {
  return [...label].reduce((sum, c) => sum + advance(c), 0) + GAP * Math.max(0, label.length - 1);
}

/** The label's strokes as one shape, `height` pixels high with its top left corner at (left, top). */
function text(label: string, left: number, top: number, height: number): Shape {
  const segments: [Point, Point][] = [];
  let x = left;
  for (const character of label) {
    for (const stroke of GLYPHS[character] ?? []) {
      const points = stroke.map(([gx, gy]) => [x + gx * height, top + gy * height] as const);
      for (let i = 1; i < points.length; i++) segments.push([points[i - 1]!, points[i]!]);
    }
    x += (advance(character) + GAP) * height;
  }
  const half = (STROKE * height) / 2;
  return (px, py) => segments.some(([a, b]) => distanceToSegment(px, py, a, b) <= half);
}

/** The badge's width for a label, `height` pixels high and no wider than maxWidth, and its figures' height. */
function badgeSize(label: string, height: number, maxWidth: number): { width: number; glyphHeight: number } {
  const padding = height * 0.42;
  const natural = height * 0.56;
  const width = Math.min(maxWidth, Math.max(height, textWidth(label) * natural + padding));
  // Smaller figures when the badge may not grow (a 16-pixel overlay says "9+" too).
  return { width, glyphHeight: Math.min(natural, (width - padding * 0.6) / textWidth(label)) };
}

/** Draws the badge with its top right corner at (right, top). */
function drawBadge(
  image: RgbaImage,
  label: string,
  right: number,
  top: number,
  height: number,
  maxWidth: number,
) {
  const { width, glyphHeight } = badgeSize(label, height, maxWidth);
  const box = { left: right - width, top, right, bottom: top + height };
  paint(image, pill(box), box, RED);
  const tw = textWidth(label) * glyphHeight;
  const tl = box.left + (width - tw) / 2;
  const tt = top + (height - glyphHeight) / 2;
  const margin = STROKE * glyphHeight;
  paint(
    image,
    text(label, tl, tt, glyphHeight),
    { left: tl - margin, top: tt - margin, right: tl + tw + margin, bottom: tt + glyphHeight + margin },
    WHITE,
  );
}

function drawMark(image: RgbaImage): void {
  // The favicon's 32-unit view box, scaled to the image.
  const s = image.width / 32;
  const full = { left: 0, top: 0, right: image.width, bottom: image.height };
  paint(image, circle(12 * s, 16 * s, 9 * s), full, BLUE);
  paint(image, circle(20 * s, 16 * s, 9 * s), full, ORANGE);
}

/** The tray icon, `size` pixels square: the mark, and the badge in the top right corner when count > 0. */
export function drawTrayIcon(size: number, count: number): RgbaImage {
  const image = blank(size);
  drawMark(image);
  const label = badgeLabel(count);
  if (!label) return image;
  const height = size * 0.6;
  const { width } = badgeSize(label, height, size);
  const gap = size * 0.07;
  const cut = { left: size - width - gap, top: -gap, right: size + gap, bottom: height + gap };
  erase(image, pill(cut), cut);
  drawBadge(image, label, size, 0, height, size);
  return image;
}

/** The badge alone, `size` pixels square (the Windows taskbar overlay); null when there is nothing to say. */
export function drawOverlayIcon(size: number, count: number): RgbaImage | null {
  const label = badgeLabel(count);
  if (!label) return null;
  const image = blank(size);
  const height = label.length > 1 ? size * 0.8 : size;
  drawBadge(image, label, size, (size - height) / 2, height, size);
  return image;
}
