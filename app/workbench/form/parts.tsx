// Pieces of the survey form that follow the store: groups and questions shown only when they apply (showWhen),
// per-repeat and per-section progress, and the sticky 待修正 list that jumps to each field with a problem.
import { useEffect, useReducer, useSyncExternalStore } from "react";
import type { GroupView, MoldView, QuestionView } from "../../../workers/contract/workbench";
import type { FormStore } from "../form-store";
import { fieldKey } from "./rules";

/** Re-render when any of these fields changes. */
export function useWatch(store: FormStore, keys: readonly string[]) {
  const [, bump] = useReducer((x: number) => x + 1, 0);
  const sig = keys.join(",");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keys are compared by their joined value
  useEffect(() => store.subscribeMany(keys, bump), [store, sig]);
}

const read = (store: FormStore) => (k: string) => store.value(k);

/** A group of a repeat, rendered only while it applies to the choices made (e.g. 水泵参数 for pump loads). */
export function ShownGroup({ store, group, mold, indexNo, children }: { store: FormStore; group: GroupView; mold: MoldView; indexNo: number; children: React.ReactNode }) {
  const rules = store.rules!;
  const control = rules.controlKey(group.showWhen, mold, indexNo);
  useWatch(store, control ? [control] : []);
  return rules.groupShown(read(store), group, mold, indexNo) ? <>{children}</> : null;
}

/** A question rendered only while it applies. */
export function ShownQuestion({ store, q, mold, indexNo, children }: { store: FormStore; q: QuestionView; mold: MoldView; indexNo: number; children: React.ReactNode }) {
  const rules = store.rules!;
  const control = rules.controlKey(q.showWhen, mold, indexNo);
  useWatch(store, control ? [control] : []);
  return !q.showWhen || rules.shown(read(store), fieldKey(q.id, indexNo)) ? <>{children}</> : null;
}

export interface RepeatProgressValue {
  required: number;
  filled: number;
  problems: number;
}

/** Required fields that apply, how many are filled, and how many fields of the repeat have a problem. */
export function repeatProgress(store: FormStore, mold: MoldView, indexNo: number): RepeatProgressValue {
  const rules = store.rules!;
  const r = read(store);
  let required = 0;
  let filled = 0;
  let problems = 0;
  for (const key of rules.repeatKeys(mold, indexNo)) {
    if (!rules.shown(r, key)) continue;
    const meta = rules.byId.get(Number(key.split(":")[0]))!;
    if (store.get(key).problem) problems++;
    if (meta.q.requiredFlag !== 1) continue;
    required++;
    if (!rules.requiredBlank(r, key)) filled++;
  }
  return { required, filled, problems };
}

const done = (p: RepeatProgressValue) => p.problems === 0 && p.filled === p.required;

/** The tag in a repeat's panel header: 已填完, 必填 3/7, or N项待修正. */
export function RepeatProgress({ store, mold, indexNo }: { store: FormStore; mold: MoldView; indexNo: number }) {
  useWatch(store, store.rules!.repeatKeys(mold, indexNo));
  const p = repeatProgress(store, mold, indexNo);
  if (p.problems) return <span className="wb-progress wb-progress--problem">{p.problems}项待修正</span>;
  if (done(p)) return <span className="wb-progress wb-progress--done">已填完</span>;
  return (
    <span className="wb-progress">
      必填 {p.filled}/{p.required}
    </span>
  );
}

/** A repeatable section's progress over all its repeats: 电机 3/20 已填完. */
export function SectionProgress({ store, mold }: { store: FormStore; mold: MoldView }) {
  const rules = store.rules!;
  const keys = Array.from({ length: mold.size }, (_, i) => rules.repeatKeys(mold, i)).flat();
  useWatch(store, keys);
  let complete = 0;
  for (let i = 0; i < mold.size; i++) if (done(repeatProgress(store, mold, i))) complete++;
  return (
    <div className="wb-section-progress" data-mold={mold.key}>
      {mold.moldName} {complete}/{mold.size} 已填完
    </div>
  );
}

/** The sticky 待修正 N 项 list: every field with a problem (in form order), each a button that jumps to it. */
export function FixList({ store, onJump }: { store: FormStore; onJump: (key: string) => void }) {
  useSyncExternalStore(store.subscribeList, store.getListVersion, store.getListVersion);
  const list = store.problemList();
  const general = store.general;
  const n = list.length + general.length;
  if (!n || !store.listShown) return null;
  const rules = store.rules!;
  return (
    <aside className="wb-fixlist" aria-label={`待修正 ${n} 项`}>
      <div className="wb-fixlist__head">待修正 {n} 项</div>
      <ol className="wb-fixlist__items">
        {list.map((p) => (
          <li key={p.key}>
            <button type="button" className="wb-fixlist__item" data-target={p.key} onClick={() => onJump(p.key)}>
              {rules.where(p.key)}：{p.message}
            </button>
          </li>
        ))}
        {general.map((m) => (
          <li key={m} className="wb-fixlist__general">
            {m}
          </li>
        ))}
      </ol>
    </aside>
  );
}
