// Step 3 您已成功付款 (with the downloads) and step 4 系统未监测到您的支付信息.
import { useState } from "react";
import { Button, Result, Space } from "antd";
import { CheckCircleFilled } from "@ant-design/icons";
import { PAY_MSG, priceText, type OrderView } from "../../../workers/contract/payment";
import { ServiceQr } from "./ServiceQr";

export function SuccessStep({ order, busy, onDownload }: { order: OrderView; busy: boolean; onDownload: (file: "report" | "tracker") => void }) {
  return (
    <Result
      icon={<CheckCircleFilled style={{ color: "#52c41a" }} />}
      title={PAY_MSG.paid}
      subTitle={
        <>
          支付金额 ¥{priceText(order.payAmount)}，订单编号 {order.orderSn}
        </>
      }
      extra={
        <Space direction="vertical">
          <Button type="primary" size="large" loading={busy} onClick={() => onDownload("report")}>
            下载报告
          </Button>
          <Button type="link" disabled={busy} onClick={() => onDownload("tracker")}>
            下载节能措施跟踪表（Excel）
          </Button>
        </Space>
      }
    />
  );
}

export function NotDetectedStep({ onRetry }: { onRetry: () => void }) {
  const [contact, setContact] = useState(false);
  return (
    <Result
      status="warning"
      title={PAY_MSG.notDetected}
      subTitle="如已付款，请稍后刷新或联系客服处理"
      extra={
        <Space>
          <Button type="link" onClick={onRetry}>
            重新支付
          </Button>
          <Button type="link" onClick={() => setContact(true)}>
            联系客服
          </Button>
        </Space>
      }
    >
      {contact && <ServiceQr />}
    </Result>
  );
}
