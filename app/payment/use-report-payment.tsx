// The hook the workbench uses for 下载报告 / 下载/预览报告: it applies the order-state rule of spec 3 §4 and renders
// the payment dialog. Usage: const pay = useReportPayment(); pay.open({surveyId, productId}); render {pay.dialog}.
import { useCallback, useState } from "react";
import { message } from "antd";
import { useRootData } from "../lib/use-root-data";
import { PAY_STEP, type OrderView, type PayStep } from "../../workers/contract/payment";
import { PaymentDialog, decideOnClick, type PaymentTarget } from "./PaymentDialog";
import { downloadReport } from "./client";
import paymentCss from "./payment.css?url";

export function useReportPayment() {
  const { viewer } = useRootData();
  const [target, setTarget] = useState<PaymentTarget | null>(null);
  const [step, setStep] = useState<PayStep>(PAY_STEP.INFO);
  const [order, setOrder] = useState<OrderView | null>(null);

  const open = useCallback(async (t: PaymentTarget) => {
    const next = await decideOnClick(t.surveyId);
    if (next.action === "download") {
      const ok = await downloadReport(t.surveyId);
      if (!ok) void message.error("报告下载失败，请稍后重试");
      return;
    }
    setStep(next.step);
    setOrder(next.order);
    setTarget(t);
  }, []);

  // The stylesheet travels with the dialog, so pages using the hook need no route change.
  const dialog = viewer ? (
    <>
      <link rel="stylesheet" href={paymentCss} />
      <PaymentDialog target={target} initialStep={step} initialOrder={order} user={{ userId: viewer.userId, userName: viewer.userName }} onClose={() => setTarget(null)} />
    </>
  ) : null;
  return { open, dialog };
}
