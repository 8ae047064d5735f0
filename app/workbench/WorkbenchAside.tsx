// The workbench's left column: the search box (the same ?q= as the list's) and the tree of the two folders, each
// showing the page the list shows (the server's page), with the open survey selected.
import { useMemo } from "react";
import { Input, Tree } from "antd";
import type { TreeDataNode } from "antd";
import { DeleteOutlined, FolderOutlined } from "@ant-design/icons";
import type { SurveyListItem } from "../../workers/contract/workbench";
import { UNTITLED } from "../../workers/contract/workbench-status";

interface Props {
  cardName: string;
  /** The page of each folder the list shows. */
  surveys: SurveyListItem[];
  trashed: SurveyListItem[];
  trashCount: number;
  searchText: string;
  onSearchText: (text: string) => void;
  /** tree / trash, or s-<id> / t-<id> for a survey in the list or the bin. */
  selectedKey: string;
  onFolder: (bin: "trash" | null) => void;
  onSurvey: (id: number, fromTrash: boolean) => void;
}

export function WorkbenchAside({ cardName, surveys, trashed, trashCount, searchText, onSearchText, selectedKey, onFolder, onSurvey }: Props) {
  const treeData: TreeDataNode[] = useMemo(() => {
    // Long names are cut with an ellipsis by the tree's width; the whole name shows on hover (and to screen readers).
    const leaf = (prefix: "s" | "t") => (s: SurveyListItem): TreeDataNode => {
      const name = s.evaluationTitle || UNTITLED;
      return { key: `${prefix}-${s.id}`, title: <span title={name}>{name}</span>, isLeaf: true };
    };
    return [
      { key: "tree", title: cardName, icon: <FolderOutlined />, children: surveys.map(leaf("s")) },
      { key: "trash", title: `回收站（${trashCount}）`, icon: <DeleteOutlined />, children: trashed.map(leaf("t")) },
    ];
  }, [cardName, surveys, trashed, trashCount]);

  return (
    <aside className="wb-aside" aria-label="调查表目录">
      <Input.Search placeholder="搜索调查表" allowClear aria-label="搜索目录" value={searchText} onChange={(e) => onSearchText(e.target.value)} onSearch={onSearchText} />
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
          if (key === "tree") onFolder(null);
          else if (key === "trash") onFolder("trash");
          else onSurvey(Number(key.slice(2)), key.startsWith("t-"));
        }}
      />
    </aside>
  );
}
