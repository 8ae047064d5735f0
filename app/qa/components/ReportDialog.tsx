// The 举报 dialog (ReportButton): target choice, reason, note, submit to the review queue. Its own module, loaded on
// the first 举报 click with the antd Modal, so pages with report buttons do not ship it in their first download.
import { useState } from "react";
import { REPORT_DETAIL_MAX, REPORT_REASON, REPORT_REASONS, REVIEW_TARGET_LABEL, ADMIN_MSG, type ReportReason, type ReviewTarget } from "../../../workers/contract/admin-constants";
import { callResult, client } from "../../lib/api-client";
import { toastOk, toastWarn } from "../client";
import { LazyModal } from "./LazyModal";

export default function ReportDialog({
  targetType,
  targetId,
  choices,
  open,
  onClose,
}: {
  targetType: ReviewTarget;
  targetId: number;
  choices?: ReviewTarget[];
  open: boolean;
  onClose: () => void;
}) {
  const [type, setType] = useState<ReviewTarget>(targetType);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState("");
  const [sending, setSending] = useState(false);
  const name = `report-${targetType}-${targetId}`;
  async function submit() {
    if (!reason) {
      toastWarn(ADMIN_MSG.reasonRequired);
      return;
    }
    setSending(true);
    const res = await callResult((o) => client.api.qa.report.add.$post({ json: { targetType: type, targetId, reason, detail: detail.trim() } }, o));
    setSending(false);
    if (!res.ok) return;
    toastOk(res.msg);
    onClose();
    setReason(null);
    setDetail("");
  }
  return (
    <LazyModal title="举报" open={open} okText="提交" cancelText="取消" confirmLoading={sending} onOk={submit} onCancel={onClose}>
      {choices && choices.length > 1 && (
        <fieldset style={{ border: 0, margin: "0 0 12px", padding: 0 }}>
          <legend style={{ marginBottom: 8 }}>{ADMIN_MSG.reportProfileTarget}</legend>
          <div style={{ display: "flex", gap: 16 }}>
            {choices.map((t) => (
              <label key={t} style={{ display: "flex", gap: 6, alignItems: "center", cursor: "pointer" }}>
                <input type="radio" name={`${name}-target`} value={t} checked={type === t} onChange={() => setType(t)} />
                {REVIEW_TARGET_LABEL[t]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend style={{ marginBottom: 8 }}>请选择举报理由</legend>
        <div style={{ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 8 }}>
          {REPORT_REASONS.map((r) => (
            <label key={r} style={{ display: "flex", gap: 6, alignItems: "center", cursor: "pointer" }}>
              <input type="radio" name={name} value={r} checked={reason === r} onChange={() => setReason(r)} />
              {REPORT_REASON[r]}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${name}-detail`} style={{ display: "block", margin: "12px 0 4px" }}>
        补充说明（选填）
      </label>
      <textarea
        id={`${name}-detail`}
        className="ant-input"
        rows={3}
        maxLength={REPORT_DETAIL_MAX}
        value={detail}
        onChange={(e) => setDetail(e.target.value)}
        style={{ width: "100%", resize: "vertical" }}
      />
    </LazyModal>
  );
}
