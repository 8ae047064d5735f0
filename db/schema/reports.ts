// Reports (issue 6): the headline figures of each survey's latest generated report, shown by the web preview
// before payment, and the R2 key of its PDF (served at /files/report/<fileKey>). One row per survey: a
// regenerated report replaces the row (and the old PDF).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const reportResults = sqliteTable(
  "report_results",
  {
    surveyId: integer("survey_id").primaryKey(),
    /** Survey owner, copied so file requests are checked without a join. */
    userId: integer("user_id").notNull(),
    /** Card code: motor | stenter | electricity. */
    card: text("card").notNull(),
    /** ReportFigures (workers/reports/figures.ts) as JSON: every number straight from the engine. */
    figuresJson: text("figures_json").notNull(),
    /** Report number printed on the cover, e.g. BG-20261102-000123-7F3A. */
    reportNo: text("report_no").notNull(),
    /** Unguessable file name: 32 hex characters + ".pdf"; the R2 key is reports/<fileKey>. */
    fileKey: text("file_key").notNull().unique(),
    fileSize: integer("file_size").notNull(),
    /** Render time and pages of the PDF, for the bench and operators. */
    renderMs: integer("render_ms").notNull(),
    pageCount: integer("page_count").notNull(),
    generatedAt: integer("generated_at").notNull(),
  },
  (t) => [index("report_results_user_idx").on(t.userId)],
);
