// Legacy .xls (BIFF, OLE compound file) uploads through @e965/xlsx 0.20.3 — SheetJS with the CVE-2023-30533 and
// CVE-2024-22363 fixes — used for .xls only and loaded only when one arrives (docs/decisions/071). Cells are copied
// into arrays at once; nothing from the file becomes a key of an object we own.
import { read, type WorkBook } from "@e965/xlsx";
import { XLS_MAX_BYTES } from "../contract/spreadsheet";
import type { SheetSource } from "./survey-import";
import { SheetReadError, type Cell } from "./xlsx-reader";

interface DenseCell {
  t?: string;
  v?: unknown;
}

export function openXls(bytes: Uint8Array): SheetSource {
  // SheetJS holds the whole workbook: a 2.1 MB .xls peaked at 69 MB of heap, 2.7 MB at 89 MB, 4.8 MB ran out of a
  // 128 MB heap (docs/decisions/071).
  if (bytes.length > XLS_MAX_BYTES) throw new SheetReadError("xlsTooLarge", "xls above cap");
  let wb: WorkBook;
  try {
    wb = read(bytes, {
      type: "array",
      dense: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellNF: false,
      sheetStubs: false,
      bookVBA: false,
      bookFiles: false,
      WTF: false,
    });
  } catch (e) {
    const text = String((e as Error)?.message ?? e);
    throw new SheetReadError(/password|encrypt/i.test(text) ? "encrypted" : "broken", text);
  }
  if (!/^(xls|biff\d?)$/i.test(String((wb as { bookType?: string }).bookType ?? "xls"))) throw new SheetReadError("broken", "not a BIFF workbook");
  const names = [...wb.SheetNames];
  const meta = wb.Workbook?.Sheets ?? [];
  const sheets = names.map((name, i) => ({ name: String(name), hidden: Boolean(meta[i]?.Hidden) }));
  const date1904 = Boolean(wb.Workbook?.WBProps?.date1904);
  return {
    sheets,
    date1904,
    async readRows(index, onRow) {
      const ws = Object.prototype.hasOwnProperty.call(wb.Sheets, names[index]!) ? wb.Sheets[names[index]!] : undefined;
      const data = (ws as { "!data"?: (DenseCell[] | undefined)[] } | undefined)?.["!data"];
      if (!Array.isArray(data)) return;
      for (let r = 0; r < data.length; r++) {
        const row = data[r];
        if (!Array.isArray(row)) continue;
        const cells: Cell[] = [];
        for (let c = 0; c < row.length; c++) {
          const cell = toCell(c, row[c]);
          if (cell) cells.push(cell);
        }
        if (cells.length && onRow(r + 1, cells) === false) return;
      }
    },
  };
}

function toCell(col: number, cell: DenseCell | undefined): Cell | null {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  switch (cell.t) {
    case "n":
      return typeof cell.v === "number" ? { col, value: String(cell.v), type: "n" } : null;
    case "b":
      return { col, value: cell.v ? "TRUE" : "FALSE", type: "b" };
    case "e":
      return { col, value: "#ERROR", type: "e" };
    case "s":
    case "str": {
      const s = String(cell.v);
      return s === "" ? null : { col, value: s, type: "s" };
    }
    default:
      return null;
  }
}
