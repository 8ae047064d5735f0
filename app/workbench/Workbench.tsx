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
import { DISPOSE_STATUS, REPORT_POLL_MS, UNTITLED, disposeStatusText, isReportPending, type PdfInfo, type SurveyListItem } from "../../workers/contract/workbench";
import { REPORT_MSG } from "../../workers/reports/messages";
import { SaveTracker } from "./form-store";
import { SurveyForm } from "./SurveyForm";
import { SurveyList } from "./SurveyList";

// The preview page (and its charts) is fetched only when a report is opened.
import { useReportPayment } from "../payment/use-report-payment";

const ReportPage = lazy(() => import("./report/ReportPage"));

export interface WorkbenchData {
  card: { id: number; surveyName: string };
  tree: SurveyListItem[];
  trash: SurveyListItem[];
}

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
  const [treeSearch, setTreeSearch] = useState("");
  const [formStatus, setFormStatus] = useState<number>(DISPOSE_STATUS.NONE);
  const openId = Number(params.get("id")) || null;
  const inTrash = params.get("bin") === "trash";
  const viewReport = Boolean(openId) && params.get("view") === "report";
  const payment = useReportPayment();

  const navigate = useCallback(
    (next: { id?: number | null; bin?: "trash" | null; view?: "report" | null }) => {
      const p = new URLSearchParams();
      p.set("type", String(data.card.id));
      if (next.id) p.set("id", String(next.id));
      if (next.bin) p.set("bin", next.bin);
      if (next.id && next.view) p.set("view", next.view);
      // A newer navigation or revalidation may abort this one; that is expected, not an error.
      void Promise.resolve(setParams(p) as unknown).catch(() => undefined);
    },
    [data.card.id, setParams],
  );

  const openSurvey = (id: number) => navigate({ id, bin: inTrash || data.trash.some((s) => s.id === id) ? "trash" : null });
  const openPreview = (id: number) => navigate({ id, view: "report" });
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const refresh = useCallback(() => void Promise.resolve(revalidatorRef.current.revalidate() as unknown).catch(() => undefined), []);

  const treeData: TreeDataNode[] = useMemo(() => {
    const q = treeSearch.trim();
    // Long names are cut with an ellipsis by the tree's width; the whole name shows on hover (and to screen readers).
    const leaf = (s: SurveyListItem): TreeDataNode => {
      const name = s.evaluationTitle || UNTITLED;
      return { key: `s-${s.id}`, title: <span title={name}>{name}</span>, isLeaf: true };
    };
    const keep = (s: SurveyListItem) => !q || (s.evaluationTitle || UNTITLED).includes(q);
    return [
      { key: "tree", title: data.card.surveyName, icon: <FolderOutlined />, children: data.tree.filter(keep).map(leaf) },
      { key: "trash", title: `回收站（${data.trash.length}）`, icon: <DeleteOutlined />, children: data.trash.filter(keep).map(leaf) },
    ];
  }, [data, treeSearch]);

  const selectedKey = openId ? `s-${openId}` : inTrash ? "trash" : "tree";
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
    () => data.tree.map((s) => (queued.includes(s.id) ? { ...s, disposeStatus: DISPOSE_STATUS.QUEUED, disposeStatusStr: disposeStatusText(DISPOSE_STATUS.QUEUED) } : s)),
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
          onClick={() => (openId ? navigate({ bin: inTrash ? "trash" : null }) : location.assign("/login"))}
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
          <Input.Search placeholder="搜索调查表" allowClear aria-label="搜索目录" onChange={(e) => setTreeSearch(e.target.value)} onSearch={setTreeSearch} />
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
              else openSurvey(Number(key.slice(2)));
            }}
          />
        </aside>
        <main className="wb-main">
          {openId && viewReport ? (
            <Suspense fallback={<Spin className="wb-loading" size="large" />}>
              <ReportPage key={openId} surveyId={openId} onBack={() => openSurvey(openId)} onDownload={() => payment.open({ surveyId: openId, productId: data.card.id })} />
            </Suspense>
          ) : openId ? (
            <SurveyForm
              key={openId}
              surveyId={openId}
              tracker={tracker}
              onStatus={onFormStatus}
              onTitleSaved={refresh}
              onPreview={() => openPreview(openId)}
              onBack={() => navigate({ bin: inTrash ? "trash" : null })}
            />
          ) : (
            <SurveyList
              typeId={data.card.id}
              trash={inTrash}
              items={inTrash ? data.trash : treeItems}
              trashCount={data.trash.length}
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
