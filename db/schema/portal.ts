// Portal content: the assessment cards (survey types) shown on /login and the workbench.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const surveyTypes = sqliteTable("survey_types", {
  id: integer("id").primaryKey(),
  /** Stable code used by seeds, engines and routes: motor, stenter, electricity, … */
  code: text("code").notNull().unique(),
  surveyName: text("survey_name").notNull(),
  surveyDescription: text("survey_description").notNull(),
  iconUrl: text("icon_url").notNull(),
  /** Reports generated for this card (spec: count). */
  reportCount: integer("report_count").notNull().default(0),
  /** Usage-instructions PDF path (spec: explain); null when the card has none. */
  explainPath: text("explain_path"),
  /** 0: disabled for everyone (no-drop cursor, 该功能暂未开通). */
  enabled: integer("enabled").notNull().default(1),
  /** The card's own landing page, e.g. /electricDetail. */
  detailPath: text("detail_path"),
  sortOrder: integer("sort_order").notNull().default(0),
});
