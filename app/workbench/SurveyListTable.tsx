// The workbench list's rows as a plain table: 序号, 调查表名称, 类型, 最后修改, 创建日期, 报告状态, 操作. antd's Table (with
// the selection, filter, sorter and virtual-scroll machinery it always brings) was the largest part of /workbench's
// first load for a list that only shows one server page; this is the same table in HTML and CSS.
import { Button, Dropdown, Tooltip } from "antd";
import type { MenuProps } from "antd";
import { EllipsisOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { chinaDate, chinaDateTime } from "../../workers/lib/china-time";
import type { SurveyListItem } from "../../workers/contract/workbench";
import { DISPOSE_STATUS, UNTITLED } from "../../workers/contract/workbench-status";
import { useNarrow } from "./narrow";

const { NONE, QUEUED, READY, GENERATING, FAILED } = DISPOSE_STATUS;
/** The status tag's look (colours in workbench.css, each ≥ 4.5:1 on its fill). */
const STATUS_TONE: Record<number, string> = { [NONE]: "default", [QUEUED]: "processing", [READY]: "success", [GENERATING]: "processing", [FAILED]: "error" };

interface Column {
  title: string;
  /** Column width in px, desktop and phone. */
  width?: number;
  narrowWidth?: number;
  /** Left out on a phone: seven columns left one character per line. */
  wide?: boolean;
  cell: (row: SurveyListItem, index: number) => ReactNode;
}

interface Props {
  items: SurveyListItem[];
  /** Number of the first row on this page (序号 continues across pages). */
  firstIndex: number;
  emptyText: string;
  failReasons: Record<number, string>;
  menuFor: (row: SurveyListItem) => MenuProps;
  onOpen: (id: number) => void;
}

function StatusTag({ row, failReason }: { row: SurveyListItem; failReason?: string }) {
  const tag = (
    <span className={`wb-status wb-status--${STATUS_TONE[row.disposeStatus] ?? "default"} wb-list__status`} data-status={row.disposeStatus}>
      {row.disposeStatusStr}
    </span>
  );
  return row.disposeStatus === FAILED ? <Tooltip title={failReason ?? "打开调查表查看失败原因"}>{tag}</Tooltip> : tag;
}

export function SurveyListTable({ items, firstIndex, emptyText, failReasons, menuFor, onOpen }: Props) {
  const narrow = useNarrow();
  const all: Column[] = [
    { title: "序号", width: 72, wide: true, cell: (_r, i) => firstIndex + i },
    {
      title: "调查表名称",
      // A button so the keyboard can open the survey too; its click reaches the row's handler.
      cell: (r) => (
        <button type="button" className="wb-list__open">
          <span className={r.evaluationTitle ? "wb-list__title" : "wb-list__title wb-list__title--untitled"}>{r.evaluationTitle || UNTITLED}</span>
        </button>
      ),
    },
    { title: "类型", width: 150, wide: true, cell: (r) => r.typeName },
    { title: "最后修改", width: 170, narrowWidth: 100, cell: (r) => chinaDateTime(r.updatedAt) },
    { title: "创建日期", width: 120, wide: true, cell: (r) => chinaDate(r.createdAt) },
    { title: "报告状态", width: 120, narrowWidth: 88, cell: (r) => <StatusTag row={r} failReason={failReasons[r.id]} /> },
    {
      title: "操作",
      width: 80,
      narrowWidth: 56,
      cell: (r) => (
        <Dropdown menu={menuFor(r)} trigger={["click"]}>
          <Button type="text" icon={<EllipsisOutlined />} aria-label={`${r.evaluationTitle || UNTITLED}的操作`} onClick={(e) => e.stopPropagation()} />
        </Dropdown>
      ),
    },
  ];
  const columns = all.filter((c) => !(narrow && c.wide));
  return (
    <div className="wb-table__scroll">
      <table className="wb-table">
        <colgroup>
          {columns.map((c) => (
            <col key={c.title} style={{ width: (narrow ? c.narrowWidth : undefined) ?? c.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.title} scope="col">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="wb-table__empty">
                <span className="wb-list__empty">{emptyText}</span>
              </td>
            </tr>
          ) : (
            items.map((row, i) => (
              <tr key={row.id} className="wb-list__row" onClick={() => onOpen(row.id)}>
                {columns.map((c) => (
                  <td key={c.title}>{c.cell(row, i)}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
