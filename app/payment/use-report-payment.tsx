// The hook the workbench uses for 下载报告 / 下载/预览报告: it applies the order-state rule of spec 3 §4 and renders
// the payment dialog. Usage: const pay = useReportPayment(); pay.open({surveyId, productId}); render {pay.dialog}.
// The dialog (antd Steps, Result, Radio, the pay steps) and the payment client (zod schemas) load on the first click:
// they stay out of /workbench's first load.
import { Suspense, lazy, useCallback, useState } from "react";
import { message } from "antd";
import { useRootData } from "../lib/use-root-data";
import type { OrderView, PayStep } from "../../workers/contract/payment";
import type { PaymentTarget } from "./PaymentDialog";
import paymentCss from "./payment.css?url";

const loadDialog = () => import("./PaymentDialog");
const PaymentDialog = lazy(() => loadDialog().then((m) => ({ default: m.PaymentDialog })));

export function useReportPayment() {
  const { viewer } = useRootData();
  const [target, setTarget] = useState<PaymentTarget | null>(null);
  /** Null until the dialog is first needed; it stays mounted after (its closing animation, its state between clicks). */
  const [step, setStep] = useState<PayStep | null>(null);
  const [order, setOrder] = useState<OrderView | null>(null);

  const open = useCallback(async (t: PaymentTarget) => {
    const { decideOnClick } = await loadDialog();
    const next = await decideOnClick(t.surveyId);
    if (next.action === "download") {
      const { downloadReport } = await import("./client");
      const ok = await downloadReport(t.surveyId);
      if (!ok) void message.error("报告下载失败，请稍后重试");
      return;
    }
    setStep(next.step);
    setOrder(next.order);
    setTarget(t);
  }, []);

  // The stylesheet travels with the dialog, so pages using the hook need no route change.
  const dialog =
    viewer && step !== null ? (
      <>
        <link rel="stylesheet" href={paymentCss} />
        <Suspense fallback={null}>
          <PaymentDialog target={target} initialStep={step} initialOrder={order} user={{ userId: viewer.userId, userName: viewer.userName }} onClose={() => setTarget(null)} />
        </Suspense>
      </>
    ) : null;
  return { open, dialog };
}
