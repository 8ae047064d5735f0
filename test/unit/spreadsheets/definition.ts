// A workbench Definition built in memory from the seed's survey definitions, with ids assigned the way the
// seed assigns them (typeId × 100000 + ordinal), so the spreadsheet mapping can be tested without D1.
import { SURVEY_DEFINITIONS, type CardCode } from "../../support/cards";
import { cardOf } from "../../../workers/cards";
import type { Definition, DefMold, DefPage, DefQuestion } from "../../../workers/services/workbench/definitions";


export function definitionOf(card: CardCode): Definition {
  const src = SURVEY_DEFINITIONS[card];
  const typeId = cardOf(card)!.listing.id;
  const base = typeId * 100_000;
  const n = { page: 0, mold: 0, group: 0, question: 0, option: 0 };
  const molds = new Map<number, DefMold>();
  const questions = new Map<number, DefQuestion>();
  const pages: DefPage[] = src.pages.map((p) => {
    const page: DefPage = { id: base + ++n.page, key: p.key, pageName: p.pageName, molds: [] };
    for (const s of p.sections) {
      const mold: DefMold = { id: base + ++n.mold, key: s.key, pageId: page.id, kind: s.kind, moldName: s.moldName, multiple: s.multiple, groups: [], questions: [] };
      for (const g of s.groups) {
        const group = { id: base + ++n.group, moldName: g.moldName, questions: [] as DefQuestion[] };
        for (const q of g.questions) {
          const question: DefQuestion = {
            id: base + ++n.question,
            key: q.key,
            moldId: mold.id,
            questionName: q.questionName,
            questionType: q.questionType,
            requiredFlag: q.requiredFlag,
            annotation: q.annotation,
            imageSize: s.kind === "image" ? (q.imageSize ?? 10) : null,
            valueKind: q.valueKind ?? null,
            unit: q.unit ?? null,
            options: (q.options ?? []).map((o) => ({ id: base + ++n.option, key: o.key, optionName: o.optionName })),
          };
          group.questions.push(question);
          mold.questions.push(question);
          questions.set(question.id, question);
        }
        mold.groups.push(group);
      }
      molds.set(mold.id, mold);
      page.molds.push(mold);
    }
    return page;
  });
  return { typeId, code: card, typeName: src.typeName, enabled: true, pages, molds, questions };
}

export function questionByKey(def: Definition, key: string): DefQuestion {
  const q = [...def.questions.values()].find((x) => x.key === key);
  if (!q) throw new Error(`no question ${key}`);
  return q;
}
