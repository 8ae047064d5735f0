// The table list (spec 3 §2): search, 新建 dropdown, 清空回收站, row click to open, per-row menu. The rows are one
// page from the server (issue 26 item 10): the search box and the pager change ?q= and ?page=, and the loader reads.
import { Suspense, lazy, useState } from "react";
import { Button, Dropdown, Input, Modal, Table, Tag, Tooltip, message } from "antd";
import type { MenuProps, TableColumnsType } from "antd";
import { DownOutlined, EllipsisOutlined, PlusOutlined } from "@ant-design/icons";
import { apiFetch, OK } from "../lib/api";
import { chinaDate, chinaDateTime } from "../../workers/lib/china-time";
import type { SurveyListItem, SurveyPage } from "../../workers/contract/workbench";
import { DISPOSE_STATUS, UNTITLED, isReportPending } from "../../workers/contract/workbench-status";
import { useReportPayment } from "../payment/use-report-payment";
import { useNarrow } from "./narrow";

// The import dialog (upload, parsing, per-sheet results) loads when 导入 is first chosen.
const ImportDialog = lazy(() => import("./import/ImportDialog").then((m) => ({ default: m.ImportDialog })));

const { NONE, QUEUED, READY, GENERATING, FAILED } = DISPOSE_STATUS;
const STATUS_COLOUR: Record<number, string> = { [NONE]: "default", [QUEUED]: "processing", [READY]: "success", [GENERATING]: "processing", [FAILED]: "error" };

interface Props {
  typeId: number;
  trash: boolean;
  /** The page's rows (the tree's with the list's own 生成中 marks). */
  items: SurveyListItem[];
  /** Where the page sits: its number, size and the total that matches the search. */
  page: Pick<SurveyPage, "pageNum" | "pageSize" | "total">;
  onPage: (page: number) => void;
  search: string;
  onSearch: (text: string) => void;
  trashCount: number;
  onOpen: (id: number) => void;
  /** Open the free web preview of the row's report (status 1). */
  onPreview: (id: number) => void;
  /** A report was queued from the row menu (the caller shows it as 生成中 and polls). */
  onQueued?: (id: number) => void;
  /** Failure reasons learnt while polling (status 3), shown on the status tag. */
  failReasons?: Record<number, string>;
  onCreated: (id: number) => void;
  onChanged: () => void;
}

export function SurveyList({ typeId, trash, items, page, onPage, search, onSearch, trashCount, onOpen, onPreview, onQueued, failReasons = {}, onCreated, onChanged }: Props) {
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  /** The dialog stays mounted once opened (its closing animation). */
  const [importUsed, setImportUsed] = useState(false);

  const create = async () => {
    setCreating(true);
    const body = await apiFetch<{ id: number }>("/api/surveyInfo/addInfo", { body: { type: typeId } });
    setCreating(false);
    if (body.code === OK && body.data) {
      void message.success(body.msg);
      onCreated(body.data.id);
    }
  };

  const act = async (path: string, payload: { ids: number[] } | { type: number }) => {
    const body = await apiFetch(path, { body: payload });
    if (body.code === OK) {
      void message.success(body.msg);
      onChanged();
    }
  };

  const confirmGenerate = (row: SurveyListItem) =>
    Modal.confirm({
      title: "关键信息再次确认",
      content: "报告将根据当前填写的数据生成，请再次检查关键信息是否准确。",
      okText: "确认生成",
      cancelText: "返回修改",
      onOk: async () => {
        const body = await apiFetch("/api/surveyInfo/generate", { body: { id: row.id } });
        if (body.code === OK) {
          void message.success(body.msg);
          onQueued?.(row.id);
          onChanged();
        } else onOpen(row.id);
      },
      onCancel: () => onOpen(row.id),
    });

  // Download/preview goes through payment (spec 3 §4): paid → download, waiting → pay step, else the info step.
  const payment = useReportPayment();
  const openReport = (row: SurveyListItem) => payment.open({ surveyId: row.id, productId: typeId });

  const menuFor = (row: SurveyListItem): MenuProps => ({
    items: trash
      ? [
          { key: "restore", label: "恢复" },
          { key: "purge", label: "彻底删除", danger: true },
        ]
      : [
          { key: "preview", label: "在线预览", disabled: row.disposeStatus !== DISPOSE_STATUS.READY },
          { key: "report", label: "下载/预览报告", disabled: row.disposeStatus !== DISPOSE_STATUS.READY },
          { key: "generate", label: "生成报告", disabled: isReportPending(row.disposeStatus) },
          { key: "delete", label: "删除", danger: true },
        ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === "restore") void act("/api/surveyInfo/restore", { ids: [row.id] });
      if (key === "purge")
        Modal.confirm({
          title: "彻底删除调查表？",
          content: "彻底删除后无法恢复。",
          okText: "彻底删除",
          okButtonProps: { danger: true },
          cancelText: "取消",
          onOk: () => act("/api/surveyInfo/batchDeleteTwo", { ids: [row.id] }),
        });
      if (key === "delete")
        Modal.confirm({
          title: "删除调查表？",
          content: "删除后将移入回收站，7天内可恢复。",
          okText: "删除",
          okButtonProps: { danger: true },
          cancelText: "取消",
          onOk: () => act("/api/surveyInfo/batchDelete", { ids: [row.id] }),
        });
      if (key === "preview") onPreview(row.id);
      if (key === "report") void openReport(row);
      if (key === "generate") confirmGenerate(row);
    },
  });

  // On a phone the table keeps the name, last change, status and actions: seven columns left one character per line.
  const narrow = useNarrow();
  const allColumns: (TableColumnsType<SurveyListItem>[number] & { wide?: boolean })[] = [
    { title: "序号", key: "index", width: 72, render: (_v, _r, i) => (page.pageNum - 1) * page.pageSize + i + 1, wide: true },
    {
      title: "调查表名称",
      dataIndex: "evaluationTitle",
      render: (t: string) => <span className={t ? "wb-list__title" : "wb-list__title wb-list__title--untitled"}>{t || UNTITLED}</span>,
    },
    { title: "类型", dataIndex: "typeName", width: 150, wide: true },
    { title: "最后修改", dataIndex: "updatedAt", width: narrow ? 100 : 170, render: (v: number) => chinaDateTime(v) },
    { title: "创建日期", dataIndex: "createdAt", width: 120, render: (v: number) => chinaDate(v), wide: true },
    {
      title: "报告状态",
      dataIndex: "disposeStatus",
      width: narrow ? 88 : 120,
      render: (v: number, row) => {
        const tag = (
          <Tag color={STATUS_COLOUR[v]} className="wb-list__status" data-status={v}>
            {row.disposeStatusStr}
          </Tag>
        );
        return v === 3 ? <Tooltip title={failReasons[row.id] ?? "打开调查表查看失败原因"}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: "操作",
      key: "actions",
      width: narrow ? 56 : 80,
      render: (_v, row) => (
        <Dropdown menu={menuFor(row)} trigger={["click"]}>
          <Button type="text" icon={<EllipsisOutlined />} aria-label={`${row.evaluationTitle || UNTITLED}的操作`} onClick={(e) => e.stopPropagation()} />
        </Dropdown>
      ),
    },
  ];

  const columns = allColumns.filter((c) => !(narrow && c.wide)).map(({ wide: _wide, ...c }) => c);

  const newMenu: MenuProps = {
    items: [
      { key: "create", label: "新建调查表" },
      { key: "import", label: "导入调查表" },
    ],
    onClick: ({ key }) => {
      if (key === "create") void create();
      if (key === "import") {
        setImportUsed(true);
        setImporting(true);
      }
    },
  };

  return (
    <section className="wb-list" aria-label={trash ? "回收站" : "调查表列表"}>
      <div className="wb-list__bar">
        <h2 className="wb-list__heading">{trash ? "回收站" : "调查表"}</h2>
        {trash && <span className="wb-list__note">回收站中的调查表保留7天，到期自动彻底删除</span>}
        <div className="wb-list__search">
          <Input.Search placeholder="搜索调查表名称" allowClear aria-label="搜索调查表" value={search} onSearch={onSearch} onChange={(e) => onSearch(e.target.value)} />
        </div>
        <Dropdown menu={newMenu} trigger={["click"]}>
          <Button type="primary" icon={<PlusOutlined />} loading={creating}>
            新建 <DownOutlined />
          </Button>
        </Dropdown>
        <Button
          danger
          disabled={trashCount === 0 || !trash}
          onClick={() =>
            Modal.confirm({
              title: "清空回收站？",
              content: "回收站中的全部调查表将被彻底删除，无法恢复。",
              okText: "清空",
              okButtonProps: { danger: true },
              cancelText: "取消",
              onOk: () => act("/api/surveyInfo/trash/empty", { type: typeId }),
            })
          }
        >
          清空回收站
        </Button>
      </div>
      <Table<SurveyListItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        pagination={
          page.total > page.pageSize
            ? { current: page.pageNum, pageSize: page.pageSize, total: page.total, showSizeChanger: false, showTotal: (n) => `共 ${n} 个`, onChange: onPage }
            : false
        }
        locale={{ emptyText: <span className="wb-list__empty">{search.trim() ? "没有名称包含该内容的调查表" : trash ? "回收站为空" : "还没有调查表，点击“新建”开始填写"}</span> }}
        onRow={(row) => ({ onClick: () => onOpen(row.id), className: "wb-list__row" })}
      />
      {payment.dialog}
      {importUsed && (
        <Suspense fallback={null}>
          <ImportDialog
            open={importing}
            typeId={typeId}
            onClose={() => setImporting(false)}
            onImported={(id) => {
              setImporting(false);
              onCreated(id);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
