// Workbench seed builder: the survey definitions of the cards (workers/cards/<card>/survey.ts) loaded into the survey_def_* tables.
// Ids are derived from each definition's order (typeId × 100000 + 1-based ordinal per table), so the same
// definitions always get the same ids; rows beyond the current count (removed questions) are deleted.
import type { SeedStatement } from "./types";
import { DEF_ID_STRIDE } from "../../workers/contract/workbench";
import { ALL_CARDS } from "../../workers/cards";
import type { SurveyDefinition } from "../../workers/contract/survey-definition";
import { upsert } from "./upsert";

export { DEF_ID_STRIDE };

/** Statements for one card's definition. */
export function definitionStatements(typeId: number, def: SurveyDefinition): SeedStatement[] {
  const base = typeId * DEF_ID_STRIDE;
  const out: SeedStatement[] = [];
  const n = { page: 0, mold: 0, group: 0, question: 0, option: 0 };
  const pages: SeedStatement[] = [];
  const molds: SeedStatement[] = [];
  const groups: SeedStatement[] = [];
  const questions: SeedStatement[] = [];
  const options: SeedStatement[] = [];
  for (const page of def.pages) {
    const pageId = base + ++n.page;
    pages.push(upsert("survey_def_pages", ["id"], { id: pageId, type_id: typeId, key: page.key, page_name: page.pageName, sort_order: n.page }));
    for (const section of page.sections) {
      const moldId = base + ++n.mold;
      molds.push(
        upsert("survey_def_molds", ["id"], {
          id: moldId,
          type_id: typeId,
          page_id: pageId,
          key: section.key,
          kind: section.kind,
          mold_name: section.moldName,
          multiple: section.multiple,
          sort_order: n.mold,
        }),
      );
      for (const group of section.groups) {
        const groupId = base + ++n.group;
        groups.push(upsert("survey_def_groups", ["id"], { id: groupId, type_id: typeId, mold_id: moldId, mold_name: group.moldName, sort_order: n.group }));
        for (const q of group.questions) {
          const questionId = base + ++n.question;
          questions.push(
            upsert("survey_def_questions", ["id"], {
              id: questionId,
              type_id: typeId,
              mold_id: moldId,
              group_id: groupId,
              key: q.key,
              question_name: q.questionName,
              question_type: q.questionType,
              required_flag: q.requiredFlag,
              annotation: q.annotation,
              image_size: section.kind === "image" ? (q.imageSize ?? 10) : null,
              value_kind: q.valueKind ?? null,
              min: q.min ?? null,
              max: q.max ?? null,
              unit: q.unit ?? null,
              sort_order: n.question,
            }),
          );
          for (const o of q.options ?? []) {
            const optionId = base + ++n.option;
            options.push(
              upsert("survey_def_options", ["id"], { id: optionId, type_id: typeId, question_id: questionId, key: o.key, option_name: o.optionName, sort_order: n.option }),
            );
          }
        }
      }
    }
  }
  // Remove rows a shorter definition no longer has (ids above the current count within this card's range),
  // first, so a renamed key never collides with the (type_id, key) unique index of a stale row.
  const prune = (table: string, count: number): SeedStatement => ({
    sql: `DELETE FROM ${table} WHERE type_id = ? AND id > ? AND id < ?`,
    params: [typeId, base + count, base + DEF_ID_STRIDE],
  });
  out.push(
    prune("survey_def_options", n.option),
    prune("survey_def_questions", n.question),
    prune("survey_def_groups", n.group),
    prune("survey_def_molds", n.mold),
    prune("survey_def_pages", n.page),
  );
  // Keys are unique per card: park them on unique placeholders so a reordered definition never collides mid-seed.
  for (const table of ["survey_def_pages", "survey_def_molds", "survey_def_questions"]) {
    out.push({ sql: `UPDATE ${table} SET key = '~' || id WHERE type_id = ?`, params: [typeId] });
  }
  out.push(...pages, ...molds, ...groups, ...questions, ...options);
  return out;
}

export function workbenchStatements(): SeedStatement[] {
  const out: SeedStatement[] = [];
  for (const card of ALL_CARDS) out.push(...definitionStatements(card.listing.id, card.survey));
  return out;
}
