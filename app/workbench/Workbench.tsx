// The workbench screen (spec 3 §2): header, left tree (survey list "tree" + recycle bin "trash"), and either the
// table list or the survey form. The open survey lives in the URL (?type=&id=) so a reload keeps it.
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useRevalidator, useSearchParams } from "@remix-run/react";
import { Button, Input, Tooltip, Tree, message } from "antd";
import type { TreeDataNode } from "antd";
import { ArrowLeftOutlined, CheckCircleOutlined, DeleteOutlined, ExportOutlined, FolderOutlined, HomeOutlined, LoadingOutlined, WarningOutlined } from "@ant-design/icons";
import { apiFetch, OK } from "../lib/api";
import { UserMenu } from "../components/layout/UserMenu";
import type { Viewer } from "../lib/viewer";
import { UNTITLED, type SurveyListItem } from "../../workers/contract/workbench";
import { SaveTracker } from "./form-store";
import { SurveyForm } from "./SurveyForm";
import { SurveyList } from "./SurveyList";

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
  const [formStatus, setFormStatus] = useState<number>(-1);
  const openId = Number(params.get("id")) || null;
  const inTrash = params.get("bin") === "trash";

  const navigate = useCallback(
    (next: { id?: number | null; bin?: "trash" | null }) => {
      const p = new URLSearchParams();
      p.set("type", String(data.card.id));
      if (next.id) p.set("id", String(next.id));
      if (next.bin) p.set("bin", next.bin);
      // A newer navigation or revalidation may abort this one; that is expected, not an error.
      void Promise.resolve(setParams(p) as unknown).catch(() => undefined);
    },
    [data.card.id, setParams],
  );

  const openSurvey = (id: number) => navigate({ id, bin: inTrash || data.trash.some((s) => s.id === id) ? "trash" : null });
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const refresh = useCallback(() => void Promise.resolve(revalidatorRef.current.revalidate() as unknown).catch(() => undefined), []);

  const treeData: TreeDataNode[] = useMemo(() => {
    const q = treeSearch.trim();
    const leaf = (s: SurveyListItem): TreeDataNode => ({ key: `s-${s.id}`, title: s.evaluationTitle || UNTITLED, isLeaf: true });
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

  const exportEnabled = Boolean(openId) && formStatus === 1;
  const exportSurvey = async () => {
    const body = await apiFetch<string>("/api/execl/survey/export", { body: { id: openId, type: data.card.id } });
    if (body.code === OK && body.data) {
      void message.success("调查表导出成功");
      window.open(body.data, "_blank", "noopener");
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
        {openId ? <SaveIndicator tracker={tracker} /> : null}
        <span className="wb-header__spacer" />
        <Tooltip title={exportEnabled ? "导出调查表" : "报告生成后可导出"}>
          <Button icon={<ExportOutlined />} disabled={!exportEnabled} onClick={exportSurvey}>
            导出
          </Button>
        </Tooltip>
        <Button icon={<HomeOutlined />} href="/homePage">
          能源驿站
        </Button>
        <UserMenu viewer={viewer} />
      </header>
      <div className="wb-body">
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
          {openId ? (
            <SurveyForm key={openId} surveyId={openId} tracker={tracker} onStatus={onFormStatus} onTitleSaved={refresh} onBack={() => navigate({ bin: inTrash ? "trash" : null })} />
          ) : (
            <SurveyList
              typeId={data.card.id}
              trash={inTrash}
              items={inTrash ? data.trash : data.tree}
              trashCount={data.trash.length}
              onOpen={openSurvey}
              onCreated={(id) => navigate({ id })}
              onChanged={refresh}
            />
          )}
        </main>
      </div>
    </div>
  );
}
