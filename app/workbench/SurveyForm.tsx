// The survey form (spec 3 §2), the shell: the head (title, status), the page steps, the sticky 待修正 list, the page
// shown (form/FormPage.tsx), previous/next with required checks, and save-and-generate with the confirm dialog.
// Fields are checked by the definition's rules when the form opens and on blur; generate's problems all show beside
// their fields and in the 待修正 list; blocks that do not apply are hidden; the form reopens on the page left.
import { useCallback, useEffect, useRef, useState } from "react";
import { Button, Empty, Spin, Steps, message } from "antd";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { DISPOSE_STATUS, WB_MSG, isReportPending, generateFailureSchema, type MoldView, type PageView } from "../../workers/contract/workbench";
import { fieldKey, type SaveTracker } from "./form-store";
import { FixList } from "./form/parts";
import { FormHead } from "./form/FormHead";
import { FormPage, GenerateConfirm, useOpenPanels } from "./form/FormPage";
import { missingOn, moldsOf, rememberPage, revealField, withRepeatAdded } from "./form/layout";
import { useSurvey } from "./form/use-survey";
import { useReportPayment } from "../payment/use-report-payment";

interface Props {
  surveyId: number;
  tracker: SaveTracker;
  /** Report status changes (header export button, list refresh). */
  onStatus: (status: number) => void;
  onBack: () => void;
  /** The title was saved (the tree shows it). */
  onTitleSaved?: () => void;
  /** Open the free web preview of the report (shown with status 1). */
  onPreview?: () => void;
}

export function SurveyForm({ surveyId, tracker, onStatus, onBack, onTitleSaved, onPreview }: Props) {
  const payment = useReportPayment();
  const s = useSurvey(surveyId, tracker, (productId) => payment.open({ surveyId, productId }));
  const { info, store, page, status } = s;
  const { activeKeys, openPanels, setActive } = useOpenPanels();
  const [confirming, setConfirming] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [busyMold, setBusyMold] = useState<number | null>(null);
  const titleTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => onStatus(status), [status, onStatus]);

  const readOnly = info?.isDelete === 1;
  const pages = info?.pageList ?? [];
  const current = pages[page];

  const saveTitle = useCallback(
    (value: string) => {
      s.setTitle(value);
      clearTimeout(titleTimer.current);
      titleTimer.current = setTimeout(async () => {
        tracker.begin();
        const body = await call((o) => client.api.surveyInfo.title.save.$post({ json: { id: surveyId, title: value } }, o));
        tracker.end("title", body.code === OK);
        if (body.code === OK) onTitleSaved?.();
      }, 500);
    },
    [surveyId, tracker, onTitleSaved, s.setTitle], // eslint-disable-line react-hooks/exhaustive-deps -- setTitle is a state setter
  );

  const checkPage = (p: PageView): boolean => {
    if (!store) return false;
    const missing = missingOn(p, store);
    if (!missing.length) return true;
    store.markRequired(missing.map((m) => m.key));
    openPanels(p, missing.map((m) => m.panel));
    void message.error(WB_MSG.required);
    requestAnimationFrame(() => document.querySelector(`[data-field="${missing[0]!.key}"]`)?.scrollIntoView({ block: "center", behavior: "smooth" }));
    return false;
  };

  const go = (next: number) => {
    s.setPage(next);
    rememberPage(surveyId, next);
    document.querySelector(".wb-main")?.scrollTo({ top: 0 });
  };

  /** Show a field: its page, its panel open, scrolled to the middle and focused. */
  const jumpTo = (key: string) => {
    const meta = store?.rules?.byId.get(Number(key.split(":")[0]));
    const target = meta && pages[meta.pageIndex];
    if (!meta || !target) return;
    openPanels(target, [`${meta.mold.id}:${Number(key.split(":")[1])}`]);
    if (meta.pageIndex !== page) go(meta.pageIndex);
    revealField(key);
  };

  const addRepeat = async (mold: MoldView) => {
    setBusyMold(mold.id);
    const body = await call((o) => client.api.surveyInfo.addMode.$post({ json: { moldId: mold.id, surveyId, indexNo: mold.size } }, o));
    setBusyMold(null);
    if (body.code !== OK || !body.data) return;
    const { size, indexNo } = body.data;
    s.setInfo((prev) => prev && withRepeatAdded(prev, mold.id, size, indexNo));
    const pageView = pages.find((p) => moldsOf(p).some((m) => m.id === mold.id));
    if (pageView) openPanels(pageView, [`${mold.id}:${indexNo}`]);
    s.setStatus((st) => (st === DISPOSE_STATUS.READY || st === DISPOSE_STATUS.FAILED ? DISPOSE_STATUS.NONE : st));
  };

  const deleteRepeat = async (mold: MoldView, indexNo: number) => {
    setBusyMold(mold.id);
    // Later repeats are renumbered on the server: send pending edits first, then reload.
    await store?.settle();
    const body = await call((o) => client.api.surveyInfo.delMode.$post({ json: { moldId: mold.id, surveyId, indexNo } }, o));
    if (body.code === OK) {
      void message.success(WB_MSG.deleted);
      await s.load();
    }
    setBusyMold(null);
  };

  const startGenerate = () => {
    if (!store || !info) return;
    // Every blank required field of every page at once, in the 待修正 list; the first is shown.
    const missing = pages.flatMap((p) => missingOn(p, store));
    if (missing.length) {
      store.markRequired(missing.map((m) => m.key), true);
      void message.error(WB_MSG.required);
      jumpTo(missing[0]!.key);
      return;
    }
    setConfirming(true);
  };

  const generate = async () => {
    if (!store) return;
    setGenerating(true);
    await store.settle();
    const body = await call((o) => client.api.surveyInfo.generate.$post({ json: { id: surveyId } }, o), { silent: true });
    setGenerating(false);
    setConfirming(false);
    if (body.code === OK) {
      store.setServerProblems([]);
      s.setStatus(DISPOSE_STATUS.QUEUED);
      void message.success(body.msg);
      return;
    }
    // Every problem beside its field and in the 待修正 list; the first is shown.
    const parsed = generateFailureSchema.safeParse(body.data);
    const problems = parsed.success ? parsed.data.problems : [];
    void message.error(problems.length > 1 ? `共${problems.length}项需要修正，请按“待修正”列表逐项修改` : body.msg);
    store.setServerProblems(problems);
    const first = problems.find((p) => p.questionId);
    if (first) jumpTo(fieldKey(first.questionId, first.indexNo));
  };

  if (s.failed) return <Empty className="wb-empty" description="调查表不存在或无权访问" />;
  if (!info || !current || !store) return <Spin className="wb-loading" tip="加载中…" size="large"><div /></Spin>;

  const lastPage = page === pages.length - 1;
  return (
    <section className="wb-form" aria-label="调查表">
      <FormHead info={info} title={s.title} status={status} failReason={s.failReason} readOnly={readOnly} onTitle={saveTitle} onPreview={onPreview} onDownload={() => payment.open({ surveyId, productId: info.typeId })} />
      <Steps className="wb-steps" size="small" current={page} items={pages.map((p) => ({ title: p.pageName }))} />
      <FixList store={store} onJump={jumpTo} />
      <FormPage page={current} store={store} readOnly={readOnly} busyMold={busyMold} activeKeys={activeKeys(current)} onActiveChange={(keys) => setActive(current, keys)} onAdd={addRepeat} onDelete={deleteRepeat} />
      <footer className="wb-form__foot">
        <Button onClick={() => (page === 0 ? onBack() : go(page - 1))}>{page === 0 ? "返回列表" : "上一页"}</Button>
        {!lastPage && (
          <Button type="primary" onClick={() => checkPage(current) && go(page + 1)}>
            下一页
          </Button>
        )}
        {lastPage && !readOnly && (
          <Button type="primary" onClick={startGenerate} disabled={isReportPending(status)}>
            保存并生成报告
          </Button>
        )}
      </footer>
      <GenerateConfirm open={confirming} generating={generating} onCancel={() => setConfirming(false)} onConfirm={generate} />
      {payment.dialog}
      {isReportPending(status) && (
        <div className="wb-generating" role="status">
          <Spin size="small" /> 报告生成中，每3秒自动刷新状态…
        </div>
      )}
    </section>
  );
}
