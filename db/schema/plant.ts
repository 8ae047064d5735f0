// Plant summary PDFs (全厂能源平衡报告, issue 22): one row per request of an enterprise's plant summary as a signable
// PDF. The job (kind "plant", docs/decisions/162-jobs-in-d1.md) reads the caller's surveys of that 企业名称 as the
// page does, stores the summary it printed (summary_json) and the PDF in R2; the page offers the newest ready one.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

export const plantReports = sqliteTable(
  "plant_reports",
  {
    /** Random id: 32 hex characters, also the download link's last segment (unguessable). */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 企业名称 (trimmed), as the surveys give it. */
    company: text("company").notNull(),
    /** queued | building | ready | failed (PLANT_REPORT_STATUS). */
    status: text("status").notNull(),
    /** The plant summary the PDF prints (PlantSummaryView as JSON): every printed figure comes from it. */
    summaryJson: text("summary_json"),
    /** Printed on the cover, e.g. PB-20261128-7F3A9C. */
    reportNo: text("report_no"),
    /** R2 key of the PDF once ready. */
    fileKey: text("file_key"),
    fileSize: integer("file_size"),
    pageCount: integer("page_count"),
    renderMs: integer("render_ms"),
    failReason: text("fail_reason"),
    createdAt: integer("created_at").notNull(),
    readyAt: integer("ready_at"),
  },
  // The page's lookup: the caller's newest request for one enterprise.
  (t) => [index("plant_reports_user_company_idx").on(t.userId, t.company, t.createdAt)],
);
