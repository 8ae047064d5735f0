// What the workbench list can do to surveys (spec 3 §2, §4): 新建, the per-row menu (在线预览, 下载/预览报告, 生成报告,
// 删除; in the bin 恢复, 彻底删除) and 清空回收站, each confirmed where it cannot be undone, then the list reloads.
import { Modal, message } from "antd";
import type { MenuProps } from "antd";
import { useState } from "react";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import type { SurveyListItem } from "../../workers/contract/workbench";
import { DISPOSE_STATUS, isReportPending } from "../../workers/contract/workbench-status";
import { useReportPayment } from "../payment/use-report-payment";

export interface SurveyListCallbacks {
  typeId: number;
  onOpen: (id: number) => void;
  /** Open the free web preview of the row's report (status 1). */
  onPreview: (id: number) => void;
  /** A report was queued from the row menu (the caller shows it as 生成中 and polls). */
  onQueued?: (id: number) => void;
  onCreated: (id: number) => void;
  onChanged: () => void;
}

/** A confirm dialog for an action that cannot be undone (the OK button is red). */
function confirmDanger(title: string, content: string, okText: string, onOk: () => Promise<void>) {
  Modal.confirm({ title, content, okText, okButtonProps: { danger: true }, cancelText: "取消", onOk });
}

export function useSurveyListActions({ typeId, onOpen, onPreview, onQueued, onCreated, onChanged }: SurveyListCallbacks) {
  const [creating, setCreating] = useState(false);
  // Download/preview goes through payment (spec 3 §4): paid → download, waiting → pay step, else the info step.
  const payment = useReportPayment();

  const create = async () => {
    setCreating(true);
    const body = await call((o) => client.api.surveyInfo.addInfo.$post({ json: { type: typeId } }, o));
    setCreating(false);
    if (body.code === OK && body.data) {
      void message.success(body.msg);
      onCreated(body.data.id);
    }
  };

  /** One list action; the list reloads when it succeeds. */
  const act = async (send: Parameters<typeof call>[0]) => {
    const body = await call(send);
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
        const body = await call((o) => client.api.surveyInfo.generate.$post({ json: { id: row.id } }, o));
        if (body.code === OK) {
          void message.success(body.msg);
          onQueued?.(row.id);
          onChanged();
        } else onOpen(row.id);
      },
      onCancel: () => onOpen(row.id),
    });

  const menuFor = (row: SurveyListItem, trash: boolean): MenuProps => ({
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
      const ids = [row.id];
      if (key === "restore") void act((o) => client.api.surveyInfo.restore.$post({ json: { ids } }, o));
      if (key === "purge") confirmDanger("彻底删除调查表？", "彻底删除后无法恢复。", "彻底删除", () => act((o) => client.api.surveyInfo.batchDeleteTwo.$post({ json: { ids } }, o)));
      if (key === "delete") confirmDanger("删除调查表？", "删除后将移入回收站，7天内可恢复。", "删除", () => act((o) => client.api.surveyInfo.batchDelete.$post({ json: { ids } }, o)));
      if (key === "preview") onPreview(row.id);
      if (key === "report") void payment.open({ surveyId: row.id, productId: typeId });
      if (key === "generate") confirmGenerate(row);
    },
  });

  const emptyTrash = () => confirmDanger("清空回收站？", "回收站中的全部调查表将被彻底删除，无法恢复。", "清空", () => act((o) => client.api.surveyInfo.trash.empty.$post({ json: { type: typeId } }, o)));

  return { creating, create, menuFor, emptyTrash, paymentDialog: payment.dialog };
}
