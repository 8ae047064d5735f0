// Helpers for the spreadsheet API tests: build filled workbooks from a card's definition in D1, upload them,
// fetch generated files and read them back with the same reader the server uses.
import { env } from "cloudflare:test";
import { call, type Env } from "../support/api";
import { getDb } from "../../workers/lib/db";
import { getDefinition, type Definition } from "../../workers/services/workbench/definitions";
import { buildSurveyBook, type SurveyValues } from "../../workers/spreadsheets/survey-book";
import { writeXlsx, type WSheet } from "../../workers/spreadsheets/xlsx-writer";
import { XlsxReader, type Cell } from "../../workers/spreadsheets/xlsx-reader";
import type { LoadCurve } from "../../workers/spreadsheets/layout";
import type { ImportProblem, ImportResult } from "../../workers/contract/spreadsheet";
import type { SurveyInfo } from "../../workers/contract/workbench";

export const MOTOR = 1;
export const ELECTRICITY = 3;

export async function definition(typeId: number): Promise<Definition> {
  const def = await getDefinition({ db: getDb(env.DB), typeId });
  if (!def) throw new Error(`no definition ${typeId}`);
  return def;
}

/** Values by question key (select answers as option names) → the builder's SurveyValues. */
export function valuesOf(def: Definition, title: string, byKey: Record<string, string[]>, load?: LoadCurve): SurveyValues {
  const qs = new Map([...def.questions.values()].map((q) => [q.key, q]));
  const answers = new Map<number, Map<number, string>>();
  const sizes = new Map<number, number>();
  for (const [key, list] of Object.entries(byKey)) {
    const q = qs.get(key);
    if (!q) throw new Error(`no question ${key}`);
    answers.set(q.id, new Map(list.map((v, i) => [i, v])));
    if (def.molds.get(q.moldId)!.multiple === 1) sizes.set(q.moldId, Math.max(sizes.get(q.moldId) ?? 1, list.length));
  }
  return { title, answers, sizes, load };
}

export async function workbook(def: Definition, values?: SurveyValues, edit?: (sheets: WSheet[]) => void): Promise<Uint8Array<ArrayBuffer>> {
  const sheets = buildSurveyBook(def, values);
  edit?.(sheets);
  return writeXlsx(sheets);
}

export async function importFile(token: string, bytes: Uint8Array<ArrayBuffer> | null, name = "调查表.xlsx", type: number | string = MOTOR, preview = false) {
  const form = new FormData();
  if (bytes) form.set("file", new File([bytes], name, { type: "application/octet-stream" }));
  form.set("type", String(type));
  if (preview) form.set("preview", "1");
  const res = await call("/api/execl/survey/import", { method: "POST", token, body: form });
  return (await res.json()) as Env<(ImportResult & { problems?: never }) | { problems: ImportProblem[] } | null>;
}

export async function fileBytes(path: string, token?: string) {
  const res = await call(path, { token });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Every sheet's rows as [row, cells] lists, by sheet name. */
export async function readBook(bytes: Uint8Array) {
  const r = await XlsxReader.open(bytes);
  const out = new Map<string, { hidden: boolean; rows: [number, Cell[]][] }>();
  for (const s of r.sheets) {
    const rows: [number, Cell[]][] = [];
    await r.readRows(s, (row, cells) => void rows.push([row, cells]));
    out.set(s.name, { hidden: s.hidden, rows });
  }
  return out;
}

/** A survey's comparable content: title, repeat sizes by section key, answers by question key (photos excluded). */
export function contentOf(s: SurveyInfo) {
  const sizes: Record<string, number> = {};
  const answers: Record<string, [number, number | null, string][]> = {};
  for (const p of s.pageList) {
    for (const m of [...p.input, ...p.select]) {
      sizes[m.key] = m.size;
      for (const g of m.groups) {
        for (const q of g.questions) {
          const list = q.answerList.filter((a) => a.optionContent !== "" || a.answerOptionId != null).map((a) => [a.indexNo, a.answerOptionId, a.optionContent] as [number, number | null, string]);
          if (list.length) answers[q.key] = list;
        }
      }
    }
  }
  return { title: s.title, typeId: s.typeId, sizes, answers };
}
