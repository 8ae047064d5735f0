// The survey form (spec 3 §2): editable title, type label, paged sections as collapsible panels, repeats,
// autosave per field, previous/next with required checks, and save-and-generate with the confirm dialog. Fields are
// checked on blur by the definition's rules; generate's problems all show beside their fields and in the sticky
// 待修正 list; blocks that do not apply are hidden; each repeat shows its progress; the form reopens on the page left.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Alert, Button, Collapse, Empty, Input, Modal, Popconfirm, Spin, Steps, Tag, message } from "antd";
import { DeleteOutlined, EyeOutlined, PlusOutlined } from "@ant-design/icons";
import { apiFetch, OK } from "../lib/api";
import {
  DISPOSE_STATUS,
  REPORT_POLL_MS,
  SECTION_COLOUR_CYCLE,
  UNTITLED,
  WB_MSG,
  disposeStatusText,
  isReportPending,
  generateFailureSchema,
  repeatLabel,
  type ModeResult,
  type MoldView,
  type PageView,
  type PdfInfo,
  type SurveyInfo,
} from "../../workers/contract/workbench";
import { REPORT_MSG } from "../../workers/reports/messages";
import { FormStore, fieldKey, type SaveTracker } from "./form-store";
import { ImageField, QuestionField } from "./fields";
import { FixList, RepeatProgress, SectionProgress, ShownGroup, ShownQuestion } from "./form/parts";
import { useReportPayment } from "../payment/use-report-payment";

/** 20 section colours (spec 3 §9: colours cycle every 20 sections). */
const PALETTE = [
  "#0a7d4f", "#1677ff", "#d46b08", "#7546c9", "#08979c", "#c41d7f", "#389e0d", "#0958d9", "#ad6800", "#531dab",
  "#006d75", "#9e1068", "#5b8c00", "#003eb3", "#ad4e00", "#391085", "#00474f", "#780650", "#3f6600", "#d4380d",
];

const moldsOf = (page: PageView): MoldView[] => [...page.input, ...page.select, ...page.image];

/** Required questions left blank on a page (input and select sections, spec 3 §5), skipping those that do not apply. */
function missingOn(page: PageView, store: FormStore): { key: string; panel: string }[] {
  const out: { key: string; panel: string }[] = [];
  const read = (k: string) => store.value(k);
  for (const mold of [...page.input, ...page.select]) {
    for (let i = 0; i < mold.size; i++) {
      for (const g of mold.groups) {
        for (const q of g.questions) {
          const key = fieldKey(q.id, i);
          if (store.rules?.requiredBlank(read, key)) out.push({ key, panel: `${mold.id}:${i}` });
        }
      }
    }
  }
  return out;
}

/** The page a survey was left on (the form reopens there). */
const pageMemoryKey = (surveyId: number) => `wb-page:${surveyId}`;
function rememberedPage(surveyId: number, pages: number): number {
  try {
    const n = Number(window.localStorage.getItem(pageMemoryKey(surveyId)));
    return Number.isInteger(n) && n > 0 && n < pages ? n : 0;
  } catch {
    return 0;
  }
}
function rememberPage(surveyId: number, page: number) {
  try {
    window.localStorage.setItem(pageMemoryKey(surveyId), String(page));
  } catch {
    // Private mode or storage full: reopening on the first page is fine.
  }
}

interface RepeatBodyProps {
  mold: MoldView;
  indexNo: number;
  store: FormStore;
  readOnly: boolean;
}

const RepeatBody = memo(function RepeatBody({ mold, indexNo, store, readOnly }: RepeatBodyProps) {
  const Field = mold.kind === "image" ? ImageField : QuestionField;
  return (
    <div className="wb-repeat">
      {mold.groups.map((g) => (
        <ShownGroup key={g.moldName} store={store} group={g} mold={mold} indexNo={indexNo}>
          <fieldset className="wb-group">
            <legend className="wb-group__title">{g.moldName}</legend>
            <div className={mold.kind === "image" ? "wb-group__images" : "wb-group__grid"}>
              {g.questions.map((q) => (
                <ShownQuestion key={q.id} store={store} q={q} mold={mold} indexNo={indexNo}>
                  <Field q={q} indexNo={indexNo} store={store} readOnly={readOnly} />
                </ShownQuestion>
              ))}
            </div>
          </fieldset>
        </ShownGroup>
      ))}
    </div>
  );
});

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
  const [info, setInfo] = useState<SurveyInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<Record<number, string[]>>({});
  const [title, setTitle] = useState("");
  const [status, setStatus] = useState<number>(DISPOSE_STATUS.NONE);
  const [failReason, setFailReason] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [busyMold, setBusyMold] = useState<number | null>(null);
  const storeRef = useRef<FormStore | null>(null);
  const payment = useReportPayment();
  const titleTimer = useRef<ReturnType<typeof setTimeout>>();
  /** The survey whose page was restored (a reload after deleting a repeat keeps the page). */
  const loadedFor = useRef<number | null>(null);

  const load = useCallback(async () => {
    const body = await apiFetch<SurveyInfo>("/api/surveyInfo/info", { body: { id: surveyId } });
    if (body.code !== OK || !body.data) {
      setFailed(true);
      return null;
    }
    const data = body.data;
    if (!storeRef.current || storeRef.current.surveyId !== surveyId) {
      storeRef.current?.dispose();
      storeRef.current = new FormStore(surveyId, tracker, data);
    } else storeRef.current.load(data);
    setInfo(data);
    setStatus(data.status);
    setFailReason(data.failReason);
    // The first load of a survey reopens the page it was left on; later loads (after deleting a repeat) stay put.
    const restore = loadedFor.current !== surveyId;
    loadedFor.current = surveyId;
    const remembered = restore ? rememberedPage(surveyId, data.pageList.length) : 0;
    setPage((p) => (restore ? remembered : Math.min(p, data.pageList.length - 1)));
    return data;
  }, [surveyId, tracker]);

  useEffect(() => {
    tracker.reset();
    setInfo(null);
    setFailed(false);
    setPage(0);
    loadedFor.current = null;
    setOpen({});
    void load().then((d) => d && setTitle(d.title));
    const flush = () => storeRef.current?.beacon();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      storeRef.current?.beacon();
      storeRef.current?.dispose();
      storeRef.current = null;
    };
  }, [load, tracker]);

  useEffect(() => onStatus(status), [status, onStatus]);
  const store = storeRef.current;
  if (store) store.onStatus = setStatus;

  // Report status polling every 3 s while a job is queued or running (spec 3 §4).
  const typeId = info?.typeId;
  useEffect(() => {
    if (!isReportPending(status)) return;
    const timer = setInterval(async () => {
      const body = await apiFetch<PdfInfo>("/api/surveyInfo/queryPdf", { body: { id: surveyId }, silent: true });
      if (body.code === OK && body.data) {
        const d = body.data;
        setStatus(d.disposeStatus);
        if (d.disposeStatus === DISPOSE_STATUS.FAILED) {
          setFailReason(d.failReason || REPORT_MSG.failed);
          void message.error(d.failReason || REPORT_MSG.failed);
        }
        if (d.disposeStatus === DISPOSE_STATUS.READY) {
          // The header's download button reads fileUrl; the form was loaded before the file existed.
          setInfo((prev) => prev && { ...prev, fileUrl: d.fileUrl, status: DISPOSE_STATUS.READY, failReason: null });
          void message.success(REPORT_MSG.ready);
          // Spec 3 §4: once the file is there the payment/download flow starts.
          if (typeId) payment.open({ surveyId, productId: typeId });
        }
      }
    }, REPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [status, surveyId, typeId]); // eslint-disable-line react-hooks/exhaustive-deps -- payment.open is stable enough: it only opens the dialog

  const readOnly = info?.isDelete === 1;
  const pages = info?.pageList ?? [];
  const current = pages[page];

  const saveTitle = useCallback(
    (value: string) => {
      clearTimeout(titleTimer.current);
      titleTimer.current = setTimeout(async () => {
        tracker.begin();
        const body = await apiFetch("/api/surveyInfo/title/save", { body: { id: surveyId, title: value } });
        tracker.end("title", body.code === OK);
        if (body.code === OK) onTitleSaved?.();
      }, 500);
    },
    [surveyId, tracker, onTitleSaved],
  );

  const defaultKeys = (p: PageView) => moldsOf(p).map((m) => `${m.id}:0`);
  const activeKeys = (p: PageView) => open[p.id] ?? defaultKeys(p);
  /** Open more panels of a page (functional, so stale closures never drop panels the user opened). */
  const openPanels = (p: PageView, keys: string[]) => setOpen((o) => ({ ...o, [p.id]: [...new Set([...(o[p.id] ?? defaultKeys(p)), ...keys])] }));

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
    setPage(next);
    rememberPage(surveyId, next);
    document.querySelector(".wb-main")?.scrollTo({ top: 0 });
  };

  /** Show a field: its page, its panel open, scrolled to the middle and focused. */
  const jumpTo = (key: string) => {
    const meta = store?.rules?.byId.get(Number(key.split(":")[0]));
    if (!meta) return;
    const indexNo = Number(key.split(":")[1]);
    const target = pages[meta.pageIndex];
    if (!target) return;
    openPanels(target, [`${meta.mold.id}:${indexNo}`]);
    if (meta.pageIndex !== page) go(meta.pageIndex);
    let tries = 0;
    const reveal = () => {
      const el = document.querySelector<HTMLElement>(`[data-field="${key}"]`);
      if (!el) {
        if (tries++ < 30) setTimeout(reveal, 50);
        return;
      }
      el.scrollIntoView({ block: "center" });
      el.querySelector<HTMLElement>("input, .ant-select-selector, button")?.focus({ preventScroll: true });
    };
    setTimeout(reveal, 0);
  };

  const addRepeat = async (mold: MoldView) => {
    setBusyMold(mold.id);
    const body = await apiFetch<ModeResult & { indexNo: number }>("/api/surveyInfo/addMode", { body: { moldId: mold.id, surveyId, indexNo: mold.size } });
    setBusyMold(null);
    if (body.code !== OK || !body.data) return;
    const size = body.data.size;
    const newIndex = body.data.indexNo;
    // Appending needs no renumbering: grow the section locally, open the new panel.
    setInfo((prev) => prev && {
      ...prev,
      pageList: prev.pageList.map((p) => {
        const grow = (list: MoldView[]) =>
          list.map((m) =>
            m.id !== mold.id
              ? m
              : {
                  ...m,
                  size,
                  groups: m.groups.map((g) => ({
                    ...g,
                    questions: g.questions.map((q) => ({
                      ...q,
                      answerList: [...q.answerList, { id: null, answerId: q.id, answerOptionId: null, optionContent: "", answerPicId: "", indexNo: newIndex }],
                    })),
                  })),
                },
          );
        return { ...p, input: grow(p.input), select: grow(p.select), image: grow(p.image) };
      }),
    });
    const pageView = pages.find((p) => moldsOf(p).some((m) => m.id === mold.id));
    if (pageView) openPanels(pageView, [`${mold.id}:${newIndex}`]);
    setStatus((s) => (s === DISPOSE_STATUS.READY || s === DISPOSE_STATUS.FAILED ? DISPOSE_STATUS.NONE : s));
  };

  const deleteRepeat = async (mold: MoldView, indexNo: number) => {
    setBusyMold(mold.id);
    // Later repeats are renumbered on the server: send pending edits first, then reload.
    await store?.settle();
    const body = await apiFetch("/api/surveyInfo/delMode", { body: { moldId: mold.id, surveyId, indexNo } });
    if (body.code === OK) {
      void message.success(WB_MSG.deleted);
      await load();
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
    const body = await apiFetch<{ disposeStatus: number }>("/api/surveyInfo/generate", { body: { id: surveyId }, silent: true });
    setGenerating(false);
    setConfirming(false);
    if (body.code === OK) {
      store.setServerProblems([]);
      setStatus(DISPOSE_STATUS.QUEUED);
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

  const panels = useMemo(() => {
    if (!current || !store) return [];
    let section = 0;
    return moldsOf(current).flatMap((mold) =>
      Array.from({ length: mold.size }, (_, i) => {
        const colour = PALETTE[section++ % SECTION_COLOUR_CYCLE]!;
        const label = mold.multiple === 1 ? repeatLabel(mold.moldName, i) : mold.moldName;
        const last = i === mold.size - 1;
        return {
          key: `${mold.id}:${i}`,
          label: (
            <span className="wb-panel__title">
              {label}
              {mold.kind === "image" && <Tag className="wb-panel__tag">图片</Tag>}
              {mold.kind !== "image" && <RepeatProgress store={store} mold={mold} indexNo={i} />}
            </span>
          ),
          style: { borderLeft: `4px solid ${colour}`, ["--wb-colour" as string]: colour },
          className: "wb-panel",
          children: (
            <>
              <RepeatBody mold={mold} indexNo={i} store={store} readOnly={readOnly} />
              {mold.multiple === 1 && !readOnly && (i > 0 || last) && (
                // The repeat's actions sit in its body: a button inside the header would nest in its role=button.
                <div className="wb-repeat__more">
                  {last && (
                    <Button icon={<PlusOutlined />} onClick={() => addRepeat(mold)} loading={busyMold === mold.id}>
                      继续填写
                    </Button>
                  )}
                  {i > 0 && (
                    <Popconfirm title={`删除${label}？`} description="该组已填写的内容将一并删除" okText="删除" cancelText="取消" onConfirm={() => deleteRepeat(mold, i)}>
                      <Button danger icon={<DeleteOutlined />} disabled={busyMold === mold.id}>
                        删除{label}
                      </Button>
                    </Popconfirm>
                  )}
                  {last && <span className="wb-repeat__count">共{mold.size}组</span>}
                </div>
              )}
            </>
          ),
        };
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, store, readOnly, busyMold]);

  if (failed) return <Empty className="wb-empty" description="调查表不存在或无权访问" />;
  if (!info || !current || !store) return <Spin className="wb-loading" tip="加载中…" size="large"><div /></Spin>;

  const lastPage = page === pages.length - 1;
  return (
    <section className="wb-form" aria-label="调查表">
      <div className="wb-form__head">
        <Input
          className="wb-form__title"
          aria-label="调查表名称"
          placeholder={UNTITLED}
          value={title}
          maxLength={50}
          disabled={readOnly}
          onChange={(e) => {
            setTitle(e.target.value);
            saveTitle(e.target.value);
          }}
        />
        <Tag className="wb-form__type">
          {info.typeName}
        </Tag>
        <Tag className="wb-form__status" data-status={status}>
          报告状态：{disposeStatusText(status)}
        </Tag>
        {readOnly && <Tag color="red">回收站（只读）</Tag>}
        {status === DISPOSE_STATUS.READY && onPreview && (
          <Button icon={<EyeOutlined />} onClick={onPreview}>
            在线预览
          </Button>
        )}
        {status === DISPOSE_STATUS.READY && (
          <Button
            disabled={!info.fileUrl}
            onClick={() => payment.open({ surveyId, productId: info.typeId })}
          >
            下载报告
          </Button>
        )}
      </div>
      {status === DISPOSE_STATUS.FAILED && <Alert className="wb-form__reason" type="error" showIcon message={`报告生成失败：${failReason || REPORT_MSG.failed}`} />}
      <Steps
        className="wb-steps"
        size="small"
        current={page}
        items={pages.map((p) => ({ title: p.pageName }))}
      />
      <FixList store={store} onJump={jumpTo} />
      {moldsOf(current)
        .filter((m) => m.multiple === 1 && m.kind !== "image")
        .map((m) => (
          <SectionProgress key={m.id} store={store} mold={m} />
        ))}
      <Collapse
        key={current.id}
        className="wb-collapse"
        activeKey={activeKeys(current)}
        onChange={(keys) => setOpen((o) => ({ ...o, [current.id]: Array.isArray(keys) ? keys : [keys] }))}
        destroyOnHidden
        items={panels}
      />
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
      <Modal
        title="关键信息再次确认"
        open={confirming}
        onCancel={() => setConfirming(false)}
        footer={[
          <Button key="back" onClick={() => setConfirming(false)}>
            返回修改
          </Button>,
          <Button key="ok" type="primary" loading={generating} onClick={generate}>
            确认生成
          </Button>,
        ]}
      >
        <p>报告将根据当前填写的数据生成，请再次检查企业信息、电价和设备铭牌参数等关键信息是否准确。</p>
      </Modal>
      {payment.dialog}
      {isReportPending(status) && (
        <div className="wb-generating" role="status">
          <Spin size="small" /> 报告生成中，每3秒自动刷新状态…
        </div>
      )}
    </section>
  );
}
