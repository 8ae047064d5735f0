// Assessment workbench (spec 3 §3): survey definitions seeded from db/seed/surveys (pages → molds →
// groups → questions → options, numeric ids for the spec's client with the stable keys alongside), the
// users' surveys, their answers (one row per survey + question + repeat), repeat counts and images.
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { surveyTypes } from "./portal";

export const surveyDefPages = sqliteTable(
  "survey_def_pages",
  {
    id: integer("id").primaryKey(),
    typeId: integer("type_id")
      .notNull()
      .references(() => surveyTypes.id),
    key: text("key").notNull(),
    pageName: text("page_name").notNull(),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [uniqueIndex("survey_def_pages_type_key_idx").on(t.typeId, t.key)],
);

export const surveyDefMolds = sqliteTable(
  "survey_def_molds",
  {
    id: integer("id").primaryKey(),
    typeId: integer("type_id").notNull(),
    pageId: integer("page_id").notNull(),
    key: text("key").notNull(),
    /** input | select | image */
    kind: text("kind").notNull(),
    moldName: text("mold_name").notNull(),
    /** 0: filled once; 1: repeatable. */
    multiple: integer("multiple").notNull().default(0),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [uniqueIndex("survey_def_molds_type_key_idx").on(t.typeId, t.key), index("survey_def_molds_type_idx").on(t.typeId, t.sortOrder)],
);

export const surveyDefGroups = sqliteTable(
  "survey_def_groups",
  {
    id: integer("id").primaryKey(),
    typeId: integer("type_id").notNull(),
    moldId: integer("mold_id").notNull(),
    moldName: text("mold_name").notNull(),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [index("survey_def_groups_type_idx").on(t.typeId, t.sortOrder)],
);

export const surveyDefQuestions = sqliteTable(
  "survey_def_questions",
  {
    id: integer("id").primaryKey(),
    typeId: integer("type_id").notNull(),
    moldId: integer("mold_id").notNull(),
    groupId: integer("group_id").notNull(),
    key: text("key").notNull(),
    questionName: text("question_name").notNull(),
    /** date | month | select | text */
    questionType: text("question_type").notNull(),
    requiredFlag: integer("required_flag").notNull().default(0),
    annotation: text("annotation").notNull().default(""),
    /** Max images (image sections); null elsewhere. */
    imageSize: integer("image_size"),
    valueKind: text("value_kind"),
    min: real("min"),
    max: real("max"),
    unit: text("unit"),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [uniqueIndex("survey_def_questions_type_key_idx").on(t.typeId, t.key), index("survey_def_questions_type_idx").on(t.typeId, t.sortOrder)],
);

export const surveyDefOptions = sqliteTable(
  "survey_def_options",
  {
    id: integer("id").primaryKey(),
    typeId: integer("type_id").notNull(),
    questionId: integer("question_id").notNull(),
    key: text("key").notNull(),
    optionName: text("option_name").notNull(),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [index("survey_def_options_type_idx").on(t.typeId, t.sortOrder)],
);

export const surveys = sqliteTable(
  "surveys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    typeId: integer("type_id")
      .notNull()
      .references(() => surveyTypes.id),
    evaluationTitle: text("evaluation_title").notNull().default(""),
    /** -1 not generated, 0 queued, 1 report available, 2 generating, 3 failed (spec 3 §3). */
    disposeStatus: integer("dispose_status").notNull().default(-1),
    fileUrl: text("file_url"),
    failReason: text("fail_reason"),
    /** 1: in the recycle bin (read-only, purged 7 days after deletedAt). */
    isDelete: integer("is_delete").notNull().default(0),
    deletedAt: integer("deleted_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** Last answer/repeat change, so a report job can tell whether its snapshot is stale. */
    answersUpdatedAt: integer("answers_updated_at").notNull(),
  },
  (t) => [
    index("surveys_user_type_idx").on(t.userId, t.typeId, t.isDelete, t.updatedAt),
    // The recycle bin's page, newest deletion first, read in index order (migration 0022).
    index("surveys_user_type_deleted_idx").on(t.userId, t.typeId, t.isDelete, t.deletedAt),
    index("surveys_trash_idx").on(t.isDelete, t.deletedAt),
  ],
);

export const surveyAnswers = sqliteTable(
  "survey_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    surveyId: integer("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    questionId: integer("question_id").notNull(),
    /** Repeat index, 0-based (0 for sections filled once). */
    indexNo: integer("index_no").notNull().default(0),
    optionContent: text("option_content").notNull().default(""),
    answerOptionId: integer("answer_option_id"),
    /** Image keys joined with semicolons. */
    answerPicId: text("answer_pic_id").notNull().default(""),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("survey_answers_unique_idx").on(t.surveyId, t.questionId, t.indexNo)],
);

export const surveyRepeats = sqliteTable(
  "survey_repeats",
  {
    surveyId: integer("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    moldId: integer("mold_id").notNull(),
    size: integer("size").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.moldId] })],
);

export const surveyImages = sqliteTable(
  "survey_images",
  {
    /** Unguessable file name (also the R2 key under survey/). */
    key: text("key").primaryKey(),
    surveyId: integer("survey_id").notNull(),
    userId: integer("user_id").notNull(),
    questionId: integer("question_id").notNull(),
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("survey_images_survey_idx").on(t.surveyId)],
);
