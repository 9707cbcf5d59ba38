// The pictures of one slider challenge, drawn here (no stock images): a random background of soft shapes, the
// puzzle piece cut out of it at (gapX, y), and the background with the gap darkened and outlined where the
// piece belongs. sharp renders the SVG and does the cutting.
import { randomInt } from 'node:crypto';
import { sharp } from '../heavy';

export const SLIDER_WIDTH = 320;
export const SLIDER_HEIGHT = 160;
export const PIECE_SIZE = 56;

/** The puzzle outline inside its PIECE_SIZE box: a square with a knob on top and one on the right. */
const PIECE_PATH = 'M4 14 H20 A8 8 0 0 1 36 14 H46 V26 A8 8 0 0 1 46 42 V52 H4 Z';

const hue = () => randomInt(360);

function backgroundSvg(): string {
  const h = hue();
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const fill = `hsl(${(h + randomInt(160)) % 360},${45 + randomInt(40)}%,${35 + randomInt(40)}%)`;
    const op = (0.35 + randomInt(50) / 100).toFixed(2);
    if (i % 3 === 0) {
      shapes.push(
        `<rect x="${randomInt(SLIDER_WIDTH)}" y="${randomInt(SLIDER_HEIGHT)}" width="${20 + randomInt(90)}" height="${20 + randomInt(60)}" rx="${randomInt(14)}" transform="rotate(${randomInt(90)} ${randomInt(SLIDER_WIDTH)} ${randomInt(SLIDER_HEIGHT)})" fill="${fill}" opacity="${op}"/>`,
      );
    } else {
      shapes.push(
        `<circle cx="${randomInt(SLIDER_WIDTH)}" cy="${randomInt(SLIDER_HEIGHT)}" r="${8 + randomInt(46)}" fill="${fill}" opacity="${op}"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SLIDER_WIDTH}" height="${SLIDER_HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${h},55%,70%)"/><stop offset="1" stop-color="hsl(${(h + 120) % 360},50%,45%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

const pieceSvg = (fill: string, stroke: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE_SIZE}" height="${PIECE_SIZE}"><path d="${PIECE_PATH}" ${fill} ${stroke}/></svg>`,
  );

export interface SliderPictures {
  background: Buffer;
  piece: Buffer;
}

export async function drawSlider(gapX: number, y: number): Promise<SliderPictures> {
  const clean = await sharp()(Buffer.from(backgroundSvg())).png().toBuffer();
  const cut = await sharp()(clean)
    .extract({ left: gapX, top: y, width: PIECE_SIZE, height: PIECE_SIZE })
    .png()
    .toBuffer();
  const piece = await sharp()(cut)
    .ensureAlpha()
    .composite([
      { input: pieceSvg('fill="#fff"', ''), blend: 'dest-in' },
      { input: pieceSvg('fill="none"', 'stroke="#fff" stroke-opacity="0.9" stroke-width="2"') },
    ])
    .png()
    .toBuffer();
  const background = await sharp()(clean)
    .composite([
      {
        input: pieceSvg('fill="#000" fill-opacity="0.5"', 'stroke="#fff" stroke-opacity="0.8" stroke-width="2"'),
        left: gapX,
        top: y,
      },
    ])
    .png()
    .toBuffer();
  return { background, piece };
}
