// The workbench screen (spec 3 §2): header, left tree (survey list "tree" + recycle bin "trash"), and either the
// table list, the survey form or its report preview. The open survey lives in the URL (?type=&id=, plus
// &view=report for the preview) so a reload keeps it.
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { Button, Input, Spin, Tooltip, Tree, message } from "antd";
import type { TreeDataNode } from "antd";
import { ArrowLeftOutlined, CheckCircleOutlined, DeleteOutlined, ExportOutlined, FolderOutlined, BarChartOutlined, HomeOutlined, LoadingOutlined, WarningOutlined } from "@ant-design/icons";
import { apiFetch, OK } from "../lib/api";
import { UserMenu } from "../components/layout/UserMenu";
import type { Viewer } from "../lib/viewer";
import type { PdfInfo, SurveyListItem, SurveyPage } from "../../workers/contract/workbench";
import { DISPOSE_STATUS, REPORT_POLL_MS, UNTITLED, disposeStatusText, isReportPending } from "../../workers/contract/workbench-status";
import { REPORT_MSG } from "../../workers/reports/messages";
import { SaveTracker } from "./save-tracker";
import { SurveyList } from "./SurveyList";

// The preview page (and its charts) is fetched only when a report is opened.
import { useReportPayment } from "../payment/use-report-payment";

const ReportPage = lazy(() => import("./report/ReportPage"));
// The survey form (its fields, pickers, uploads, steps) loads when a survey is opened: the list is the first load.
const SurveyForm = lazy(() => import("./SurveyForm").then((m) => ({ default: m.SurveyForm })));

export interface WorkbenchData {
  card: { id: number; surveyName: string };
  /** One page of each folder: ?page= applies to the folder shown, ?q= searches both (the server pages and searches). */
  tree: SurveyPage;
  trash: SurveyPage;
  /** The recycle bin's size whatever the search (its label, 清空回收站). */
  trashCount: number;
  q: string;
}

/** Typing in a search box waits this long before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

function SaveIndicator({ tracker }: { tracker: SaveTracker }) {
  const status = useSyncExternalStore(tracker.subscribe, tracker.getStatus, tracker.getStatus);
  const content =
    status === "saving" ? (
      <>
        <LoadingOutlined /> 保存中…
      </>
    ) : status === "error" ? (
      <>
        <WarningOutlined /> 保存失败，正在重试
      </>
    ) : status === "saved" ? (
      <>
        <CheckCircleOutlined /> 已保存
      </>
    ) : null;
  return (
    <span className={`wb-save wb-save--${status}`} role="status" aria-live="polite">
      {content}
    </span>
  );
}

export function Workbench({ data, viewer }: { data: WorkbenchData; viewer: Viewer }) {
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const tracker = useMemo(() => new SaveTracker(), []);
  const [searchText, setSearchText] = useState(data.q);
  const [formStatus, setFormStatus] = useState<number>(DISPOSE_STATUS.NONE);
  const openId = Number(params.get("id")) || null;
  const inTrash = params.get("bin") === "trash";
  const viewReport = Boolean(openId) && params.get("view") === "report";
  const payment = useReportPayment();

  const navigate = useCallback(
    (next: { id?: number | null; bin?: "trash" | null; view?: "report" | null; page?: number | null; q?: string }) => {
      const p = new URLSearchParams();
      p.set("type", String(data.card.id));
      if (next.id) p.set("id", String(next.id));
      if (next.bin) p.set("bin", next.bin);
      if (next.id && next.view) p.set("view", next.view);
      // The search stays until changed; the page only where asked (a new folder or search starts at page 1).
      const q = next.q ?? data.q;
      if (q) p.set("q", q);
      if (next.page && next.page > 1) p.set("page", String(next.page));
      // A newer navigation or revalidation may abort this one; that is expected, not an error.
      void Promise.resolve(setParams(p) as unknown).catch(() => undefined);
    },
    [data.card.id, data.q, setParams],
  );

  const listPage = Number(params.get("page")) || 1;
  const openSurvey = (id: number, fromTrash = inTrash) => navigate({ id, bin: fromTrash ? "trash" : null, page: listPage });
  const backToList = () => navigate({ bin: inTrash ? "trash" : null, page: listPage });
  const openPreview = (id: number) => navigate({ id, view: "report" });
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const refresh = useCallback(() => void Promise.resolve(revalidatorRef.current.revalidate() as unknown).catch(() => undefined), []);

  // Typing searches on the server once the user pauses (both search boxes edit the same ?q=); the open survey stays.
  // A search the URL brings (back, forward, a link) fills the boxes; our own answers do not overwrite typing.
  const sentQ = useRef(data.q);
  useEffect(() => {
    if (data.q === sentQ.current) return;
    sentQ.current = data.q;
    setSearchText(data.q);
  }, [data.q]);
  useEffect(() => {
    const q = searchText.trim();
    if (q === data.q) return;
    const timer = setTimeout(() => {
      sentQ.current = q;
      navigate({ id: openId, bin: inTrash ? "trash" : null, view: viewReport ? "report" : null, q });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, data.q, navigate, openId, inTrash, viewReport]);

  // Each folder shows the page the list shows (the server's page); the list's pager moves through the rest.
  const treeData: TreeDataNode[] = useMemo(() => {
    // Long names are cut with an ellipsis by the tree's width; the whole name shows on hover (and to screen readers).
    const leaf = (prefix: "s" | "t") => (s: SurveyListItem): TreeDataNode => {
      const name = s.evaluationTitle || UNTITLED;
      return { key: `${prefix}-${s.id}`, title: <span title={name}>{name}</span>, isLeaf: true };
    };
    return [
      { key: "tree", title: data.card.surveyName, icon: <FolderOutlined />, children: data.tree.list.map(leaf("s")) },
      { key: "trash", title: `回收站（${data.trashCount}）`, icon: <DeleteOutlined />, children: data.trash.list.map(leaf("t")) },
    ];
  }, [data]);

  const selectedKey = openId ? `${inTrash ? "t" : "s"}-${openId}` : inTrash ? "trash" : "tree";
  const lastStatus = useRef<number | null>(null);
  const onFormStatus = useCallback(
    (s: number) => {
      setFormStatus(s);
      // A status change (queued, ready, stale) shows in the tree and list.
      if (lastStatus.current !== null && lastStatus.current !== s) refresh();
      lastStatus.current = s;
    },
    [refresh],
  );

  // The list's reports being generated (the open form polls its own): every 3 s (spec 3 §4) until each one
  // leaves 0/2, then the loader data is refreshed so the list and tree show the new status without a reload.
  const [failReasons, setFailReasons] = useState<Record<number, string>>({});
  // Generated from the list: shown as 生成中 at once, until the poll sees the job end (the job may finish
  // before the refreshed list arrives, and the user should still see the transition).
  const [queued, setQueued] = useState<number[]>([]);
  const treeItems = useMemo(
    () => data.tree.list.map((s) => (queued.includes(s.id) ? { ...s, disposeStatus: DISPOSE_STATUS.QUEUED, disposeStatusStr: disposeStatusText(DISPOSE_STATUS.QUEUED) } : s)),
    [data.tree, queued],
  );
  const pendingIds = openId ? "" : treeItems.filter((s) => isReportPending(s.disposeStatus)).map((s) => s.id).join(",");
  useEffect(() => {
    if (!pendingIds) return;
    const ids = pendingIds.split(",").map(Number);
    const timer = setInterval(async () => {
      const answers = await Promise.all(ids.map((id) => apiFetch<PdfInfo>("/api/surveyInfo/queryPdf", { body: { id }, silent: true })));
      let changed = false;
      for (const body of answers) {
        const d = body.code === OK ? body.data : null;
        if (!d || isReportPending(d.disposeStatus)) continue;
        changed = true;
        setQueued((q) => q.filter((x) => x !== d.id));
        const name = d.evaluationTitle || UNTITLED;
        if (d.disposeStatus === DISPOSE_STATUS.FAILED) {
          const reason = d.failReason || REPORT_MSG.failed;
          setFailReasons((r) => ({ ...r, [d.id]: reason }));
          void message.error(`${name}：${reason}`);
        } else if (d.disposeStatus === DISPOSE_STATUS.READY) void message.success(`${name}：${REPORT_MSG.ready}`);
      }
      if (changed) refresh();
    }, REPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [pendingIds, refresh]);

  const exportEnabled = Boolean(openId) && formStatus === DISPOSE_STATUS.READY;
  const exportSurvey = async () => {
    const body = await apiFetch<string>("/api/execl/survey/export", { body: { id: openId, type: data.card.id } });
    if (body.code === OK && body.data) {
      void message.success("调查表导出成功");
      // The file answers with Content-Disposition: attachment, so the page stays; a window opened after an
      // await would meet the popup blocker.
      window.location.assign(body.data);
    }
  };

  return (
    <div className="wb">
      <header className="wb-header">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={() => (openId ? backToList() : location.assign("/login"))}
        >
          返回
        </Button>
        <h1 className="wb-header__title">
          节能评估工作台 <span className="wb-header__card">· {data.card.surveyName}</span>
        </h1>
        {openId && !viewReport ? <SaveIndicator tracker={tracker} /> : null}
        <span className="wb-header__spacer" />
        <Tooltip title={exportEnabled ? "导出调查表" : "报告生成后可导出"}>
          <Button className="wb-header__tool" icon={<ExportOutlined />} disabled={!exportEnabled} onClick={exportSurvey}>
            导出
          </Button>
        </Tooltip>
        <Button className="wb-header__tool" icon={<BarChartOutlined />} href="/workbench/plant">
          全厂能源平衡
        </Button>
        <Button className="wb-header__tool" icon={<HomeOutlined />} href="/homePage">
          能源驿站
        </Button>
        <UserMenu viewer={viewer} />
      </header>
      <div className={openId ? "wb-body wb-body--open" : "wb-body"}>
        <aside className="wb-aside" aria-label="调查表目录">
          <Input.Search placeholder="搜索调查表" allowClear aria-label="搜索目录" value={searchText} onChange={(e) => setSearchText(e.target.value)} onSearch={setSearchText} />
          <Tree
            className="wb-tree"
            showIcon
            blockNode
            defaultExpandAll
            expandedKeys={["tree", "trash"]}
            selectedKeys={[selectedKey]}
            treeData={treeData}
            onSelect={(_keys, { node }) => {
              const key = String(node.key);
              if (key === "tree") navigate({});
              else if (key === "trash") navigate({ bin: "trash" });
              else openSurvey(Number(key.slice(2)), key.startsWith("t-"));
            }}
          />
        </aside>
        <main className="wb-main">
          {openId && viewReport ? (
            <Suspense fallback={<Spin className="wb-loading" size="large" />}>
              <ReportPage key={openId} surveyId={openId} onBack={() => openSurvey(openId)} onDownload={() => payment.open({ surveyId: openId, productId: data.card.id })} />
            </Suspense>
          ) : openId ? (
            <Suspense fallback={<Spin className="wb-loading" size="large" />}>
              <SurveyForm
                key={openId}
                surveyId={openId}
                tracker={tracker}
                onStatus={onFormStatus}
                onTitleSaved={refresh}
                onPreview={() => openPreview(openId)}
                onBack={backToList}
              />
            </Suspense>
          ) : (
            <SurveyList
              typeId={data.card.id}
              trash={inTrash}
              items={inTrash ? data.trash.list : treeItems}
              page={inTrash ? data.trash : data.tree}
              onPage={(page) => navigate({ bin: inTrash ? "trash" : null, page })}
              search={searchText}
              onSearch={setSearchText}
              trashCount={data.trashCount}
              onOpen={openSurvey}
              onPreview={openPreview}
              onQueued={(id) => setQueued((q) => [...q.filter((x) => x !== id), id])}
              failReasons={failReasons}
              onCreated={(id) => navigate({ id })}
              onChanged={refresh}
            />
          )}
        </main>
        {viewReport && payment.dialog}
      </div>
    </div>
  );
}
