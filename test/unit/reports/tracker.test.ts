// Issue 15 item 6: the report's roll-up as a styled xlsx measures tracker, read back with the spreadsheets reader.
import { describe, expect, it } from "vitest";
import { openWorkbook } from "../../../workers/spreadsheets/service";
import { rollupRows, TRACKER_COLUMNS, trackerXlsx } from "../../../workers/reports/tracker";
import { npv, DISCOUNT_RATE, SERVICE_LIFE_YEARS } from "../../../workers/reports/model/finance";
import { motorAnswers } from "../engines/answers-fixtures";
import { docFor } from "./pdf-text";

describe("measures tracker xlsx", () => {
  it("holds every roll-up row at full precision with the tracking columns", async () => {
    const doc = docFor("motor", motorAnswers());
    const rows = rollupRows(doc);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const bytes = await trackerXlsx(doc);
    const book = await openWorkbook(bytes, "tracker.xlsx");
    expect(book.sheets[0].name).toBe("措施跟踪表");
    const read: Record<number, unknown[]> = {};
    await book.readRows(0, (row, cells) => {
      read[row] = cells.map((c) => (c as { value?: unknown })?.value ?? c);
    });
    const flat = (r: number) => JSON.stringify(read[r]);
    for (const h of TRACKER_COLUMNS) expect(flat(3)).toContain(h);
    expect(flat(4)).toContain(rows[0].name);
    expect(flat(4)).toContain(String(rows[0].electricKwh).slice(0, 8));
    const life = SERVICE_LIFE_YEARS[rows[0].life];
    expect(flat(4)).toContain(String(npv(rows[0].investmentYuan!, rows[0].yuan, DISCOUNT_RATE, life)).slice(0, 8));
    // One total row after the measures, the roll-up's and the headline's total (issue 22 item 3).
    expect(Object.keys(read).length).toBe(4 + rows.length);
    expect(flat(4 + rows.length)).toContain("合计");
    expect(flat(4 + rows.length)).toContain(String(doc.figures.headline.savingYuan).slice(0, 8));
  });
});
