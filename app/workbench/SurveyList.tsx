// The table list (spec 3 §2): search, 新建 dropdown, 清空回收站, row click to open, per-row menu. The rows are one
// page from the server (issue 26 item 10): the search box and the pager change ?q= and ?page=, and the loader reads.
// The parts: SurveyListTable (rows), SurveyListPager, SurveyListActions (what the buttons and menus do).
import { Suspense, lazy, useState } from "react";
import { Button, Dropdown, Input } from "antd";
import type { MenuProps } from "antd";
import { DownOutlined, PlusOutlined } from "@ant-design/icons";
import type { SurveyListItem, SurveyPage } from "../../workers/contract/workbench";
import { type SurveyListCallbacks, useSurveyListActions } from "./SurveyListActions";
import { SurveyListPager } from "./SurveyListPager";
import { SurveyListTable } from "./SurveyListTable";

// The import dialog (upload, parsing, per-sheet results) loads when 导入 is first chosen.
const ImportDialog = lazy(() => import("./import/ImportDialog").then((m) => ({ default: m.ImportDialog })));

interface Props extends SurveyListCallbacks {
  trash: boolean;
  /** The page's rows (the tree's with the list's own 生成中 marks). */
  items: SurveyListItem[];
  /** Where the page sits: its number, size and the total that matches the search. */
  page: Pick<SurveyPage, "pageNum" | "pageSize" | "total">;
  onPage: (page: number) => void;
  search: string;
  onSearch: (text: string) => void;
  trashCount: number;
  /** Failure reasons learnt while polling (status 3), shown on the status tag. */
  failReasons?: Record<number, string>;
}

export function SurveyList({ trash, items, page, onPage, search, onSearch, trashCount, failReasons = {}, ...callbacks }: Props) {
  const { typeId, onOpen, onCreated } = callbacks;
  const actions = useSurveyListActions(callbacks);
  const [importing, setImporting] = useState(false);
  /** The dialog stays mounted once opened (its closing animation). */
  const [importUsed, setImportUsed] = useState(false);

  const newMenu: MenuProps = {
    items: [
      { key: "create", label: "新建调查表" },
      { key: "import", label: "导入调查表" },
    ],
    onClick: ({ key }) => {
      if (key === "create") void actions.create();
      if (key === "import") {
        setImportUsed(true);
        setImporting(true);
      }
    },
  };
  const emptyText = search.trim() ? "没有名称包含该内容的调查表" : trash ? "回收站为空" : "还没有调查表，点击“新建”开始填写";

  return (
    <section className="wb-list" aria-label={trash ? "回收站" : "调查表列表"}>
      <div className="wb-list__bar">
        <h2 className="wb-list__heading">{trash ? "回收站" : "调查表"}</h2>
        {trash && <span className="wb-list__note">回收站中的调查表保留7天，到期自动彻底删除</span>}
        <div className="wb-list__search">
          <Input.Search placeholder="搜索调查表名称" allowClear aria-label="搜索调查表" value={search} onSearch={onSearch} onChange={(e) => onSearch(e.target.value)} />
        </div>
        <Dropdown menu={newMenu} trigger={["click"]}>
          <Button type="primary" icon={<PlusOutlined />} loading={actions.creating}>
            新建 <DownOutlined />
          </Button>
        </Dropdown>
        <Button danger disabled={trashCount === 0 || !trash} onClick={actions.emptyTrash}>
          清空回收站
        </Button>
      </div>
      <SurveyListTable
        items={items}
        firstIndex={(page.pageNum - 1) * page.pageSize + 1}
        emptyText={emptyText}
        failReasons={failReasons}
        menuFor={(row) => actions.menuFor(row, trash)}
        onOpen={onOpen}
      />
      <SurveyListPager pageNum={page.pageNum} pageSize={page.pageSize} total={page.total} onPage={onPage} />
      {actions.paymentDialog}
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
