// Noto Sans SC (OFL, static TTF, ~10.5 MB a weight) read from R2 once per isolate and handed to react-pdf;
// pdfkit subsets the glyphs a report uses into the PDF. Chinese has no spaces, so line breaking needs a
// hyphenation callback that splits CJK runs per character (with empty glue, so no hyphen is drawn).
import { Font } from "@react-pdf/renderer";
// fontkit is react-pdf's own font parser (a dependency of @react-pdf/font); parsing the bytes here avoids
// react-pdf's loader, which only takes URLs or base64 data URLs (the latter costs ~10× the font in memory).
import * as fontkit from "fontkit";

export const REPORT_FONT_FAMILY = "NotoSansSC";

/** R2 keys (bucket FILES); put there by scripts/lib/local.mjs locally and by the deploy step in production. */
export const REPORT_FONT_KEYS = {
  regular: "fonts/NotoSansSC-Regular.ttf",
  bold: "fonts/NotoSansSC-Bold.ttf",
} as const;

export class FontsMissingError extends Error {
  constructor(key: string) {
    super(`report font missing from R2: ${key}`);
  }
}

let loading: Promise<void> | null = null;

const CJK = /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]/;
/** Closing punctuation never starts a line: it stays with the character before it. */
const NO_LINE_START = /^[，。；：、！？）》」』〕】”’%)\]]$/;
/** Opening punctuation never ends a line: it stays with the character after it. */
const NO_LINE_END = /^[（《「『〔【“‘(\[]$/;

/**
 * Break opportunities: every CJK character on its own, other runs (numbers, Latin words) kept whole, closing
 * punctuation glued to what precedes it and opening punctuation to what follows. Parts are separated by ""
 * (zero-width glue: textkit breaks there without drawing a hyphen). textkit calls this per word of each text
 * run, and runs split where the script changes (Latin ↔ Han), so a word that starts or ends with a CJK
 * character also gets glue at that edge: otherwise the two runs' syllables touch and textkit puts a hyphen
 * penalty between them (a "-" drawn after 「（」 at a line end).
 */
export function splitForLineBreaking(word: string): string[] {
  if (!CJK.test(word)) return [word];
  // textkit asks again for every occurrence of a word on every layout pass (a 100-motor report repeats the same
  // cell texts hundreds of times); the split depends only on the word, so it is computed once per isolate.
  let parts = splitWords.get(word);
  if (!parts) {
    parts = splitCjkWord(word);
    if (splitWords.size >= SPLIT_WORDS_MAX) splitWords.clear();
    splitWords.set(word, parts);
  }
  // Each caller gets its own array: textkit may keep or alter what it is handed.
  return parts.slice();
}

/** Split words kept per isolate; cleared when full so a long-lived isolate never grows without bound. */
const SPLIT_WORDS_MAX = 5_000;
const splitWords = new Map<string, string[]>();

function splitCjkWord(word: string): string[] {
  const units: string[] = [];
  let run = "";
  let openPending = "";
  const push = (unit: string) => {
    units.push(openPending + unit);
    openPending = "";
  };
  for (const ch of Array.from(word)) {
    if (!CJK.test(ch) && !NO_LINE_START.test(ch) && !NO_LINE_END.test(ch)) {
      run += ch;
      continue;
    }
    if (NO_LINE_START.test(ch)) {
      // A full-width closing mark ends the run it closes, so a list of dates or numbers ("2025-01-29、2025-01-30、…")
      // can break after each 、 instead of being one unbreakable word that runs off the page (issue 22 item 6).
      if (run) {
        run += ch;
        if (CJK.test(ch)) {
          push(run);
          run = "";
        }
      }
      else if (units.length) units[units.length - 1] += ch;
      else if (openPending) openPending += ch;
      else units.push(ch);
      continue;
    }
    if (run) push(run);
    run = "";
    if (NO_LINE_END.test(ch)) openPending += ch;
    else push(ch);
  }
  if (run || openPending) push(run);
  const parts = units.flatMap((u, i) => (i ? ["", u] : [u]));
  const chars = Array.from(word);
  const first = chars[0]!;
  const last = chars.at(-1)!;
  if (CJK.test(first) && !NO_LINE_START.test(first)) parts.unshift("");
  if (CJK.test(last) && !NO_LINE_END.test(last)) parts.push("");
  return parts;
}

interface ShapingFont {
  layout(text: string, features?: unknown, script?: string, language?: string, direction?: string): { glyphs: unknown[] };
}

/** Shaped runs kept per font; cleared when full so a long-lived isolate never grows without bound. */
const SHAPED_RUNS_MAX = 5_000; // a report repeats a few hundred short texts; 20,000 runs × 2 weights held tens of MB
const SHAPED_TEXT_MAX = 64;

/**
 * fontkit shapes every text run afresh (GSUB/GPOS lookups of a 10 MB CJK font), and a report prints the same
 * short cell texts hundreds of times ("4", "6,000", "估算", "故障或到期时更换为高效电机"). Shaping depends only
 * on the text, features and direction, so short runs are shaped once per isolate. textkit copies the positions
 * it scales; each caller still gets its own glyph array.
 */
export function memoiseLayout<F extends ShapingFont>(font: F): F {
  const layout = font.layout.bind(font);
  const shaped = new Map<string, ReturnType<ShapingFont["layout"]>>();
  font.layout = (text, features, script, language, direction) => {
    if (text.length > SHAPED_TEXT_MAX || script !== undefined || language !== undefined) return layout(text, features, script, language, direction);
    const key = `${direction ?? ""}\u0000${features === undefined ? "" : JSON.stringify(features)}\u0000${text}`;
    let run = shaped.get(key);
    if (!run) {
      run = layout(text, features, script, language, direction);
      if (shaped.size >= SHAPED_RUNS_MAX) shaped.clear();
      shaped.set(key, run);
    }
    return Object.assign(Object.create(Object.getPrototypeOf(run) as object) as typeof run, run, { glyphs: run.glyphs.slice() });
  };
  return font;
}

async function loadWeight(env: Env, key: string, weight: 400 | 700) {
  const object = await env.FILES.get(key);
  if (!object) throw new FontsMissingError(key);
  const bytes = new Uint8Array(await object.arrayBuffer());
  const source = Font.getFont({ fontFamily: REPORT_FONT_FAMILY, fontWeight: weight });
  source.data = memoiseLayout(fontkit.create(bytes) as unknown as ShapingFont) as unknown as typeof source.data;
  source.loadResultPromise = Promise.resolve();
}

/** Register and load both weights; later calls in the same isolate reuse them. */
export function ensureReportFonts(env: Env): Promise<void> {
  if (!loading) {
    Font.register({
      family: REPORT_FONT_FAMILY,
      fonts: [
        { src: REPORT_FONT_KEYS.regular, fontWeight: 400 },
        { src: REPORT_FONT_KEYS.bold, fontWeight: 700 },
      ],
    });
    Font.registerHyphenationCallback(splitForLineBreaking);
    loading = Promise.all([loadWeight(env, REPORT_FONT_KEYS.regular, 400), loadWeight(env, REPORT_FONT_KEYS.bold, 700)]).then(
      () => undefined,
      (e) => {
        // A missing font must not poison the isolate: the next job tries again.
        loading = null;
        delete (Font.getRegisteredFonts() as Record<string, unknown>)[REPORT_FONT_FAMILY];
        throw e;
      },
    );
  }
  return loading;
}
