// The workbench's top bar: 返回, the title with the card's name, the save indicator while a survey is open, 导出
// (once the report is ready), 全厂能源平衡, 能源驿站 and the user menu.
import { useSyncExternalStore } from "react";
import { Button, Tooltip } from "antd";
import { ArrowLeftOutlined, BarChartOutlined, CheckCircleOutlined, ExportOutlined, HomeOutlined, LoadingOutlined, WarningOutlined } from "@ant-design/icons";
import { UserMenu } from "../components/layout/UserMenu";
import type { Viewer } from "../lib/viewer";
import type { SaveTracker } from "./save-tracker";

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

interface Props {
  cardName: string;
  viewer: Viewer;
  /** The save indicator's source, shown while a survey's form is open. */
  tracker: SaveTracker | null;
  exportEnabled: boolean;
  onExport: () => void;
  onBack: () => void;
}

export function WorkbenchHeader({ cardName, viewer, tracker, exportEnabled, onExport, onBack }: Props) {
  return (
    <header className="wb-header">
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack}>
        返回
      </Button>
      <h1 className="wb-header__title">
        节能评估工作台 <span className="wb-header__card">· {cardName}</span>
      </h1>
      {tracker ? <SaveIndicator tracker={tracker} /> : null}
      <span className="wb-header__spacer" />
      <Tooltip title={exportEnabled ? "导出调查表" : "报告生成后可导出"}>
        <Button className="wb-header__tool" icon={<ExportOutlined />} disabled={!exportEnabled} onClick={onExport}>
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
  );
}
