// Noto Sans SC TTF (OFL-1.1, @expo-google-fonts/noto-sans-sc): the full 400/700 fonts; pdfmake embeds only the
// glyphs used, resvg draws the chart labels with them. The font has no "₂": reports write "CO2e".
import { createRequire } from 'node:module';
import type PdfMake from 'pdfmake';
import { pdfmake } from '../heavy';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
export const FONT_DIR = dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
export const FONT_REGULAR = join(FONT_DIR, '400Regular', 'NotoSansSC_400Regular.ttf');
export const FONT_BOLD = join(FONT_DIR, '700Bold', 'NotoSansSC_700Bold.ttf');
export const FONT_FAMILY = 'Noto Sans SC';

let pdfReady = false;
/** pdfmake with the embedded font, no URL access and local access to the font files only (reports, manual). */
export function setupPdfFonts(): typeof PdfMake {
  const pdf = pdfmake();
  if (!pdfReady) {
    pdf.addFonts({
      NotoSansSC: { normal: FONT_REGULAR, bold: FONT_BOLD, italics: FONT_REGULAR, bolditalics: FONT_BOLD },
    });
    pdf.setUrlAccessPolicy(() => false); // images come as data URLs
    pdf.setLocalAccessPolicy((p) => p.startsWith(FONT_DIR));
    pdfReady = true;
  }
  return pdf;
}
