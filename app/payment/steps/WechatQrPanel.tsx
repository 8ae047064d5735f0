// 微信支付 at step 2: the Native order's code_url as a QR code with the amount and the order's countdown. The page
// learns of the payment live: it polls the order (a database read; the notify marks it paid) every 2 seconds, and
// when the buyer comes back to the tab or presses 我已完成支付 it asks the server to query WeChat Pay (a lost notify).
import { useEffect, useRef } from "react";
import { Button } from "antd";
import { WechatOutlined } from "@ant-design/icons";
import { moneyText, type OrderView, type WechatNativeStart } from "../../../workers/contract/payment";
import { OK } from "../../lib/api";
import { getOrder, queryOrder } from "../client";
import { QrCode } from "../QrCode";

export const WECHAT_POLL_MS = 2000;

interface Props {
  surveyId: number;
  start: WechatNativeStart;
  left: string | null;
  onPaid: (order: OrderView) => void;
  onNotDetected: () => void;
}

export function WechatQrPanel({ surveyId, start, left, onPaid, onNotDetected }: Props) {
  const done = useRef(false);
  const paid = (o: OrderView | null | undefined) => {
    if (done.current || o?.status !== "SUCCESS") return false;
    done.current = true;
    onPaid(o);
    return true;
  };

  useEffect(() => {
    const poll = setInterval(() => {
      void getOrder(surveyId).then((b) => b.code === OK && paid(b.data));
    }, WECHAT_POLL_MS);
    // The buyer returns from the phone to this tab: ask WeChat Pay itself, in case the notify is late or lost.
    const back = () => {
      if (document.visibilityState === "visible") void queryOrder(start.orderSn).then((b) => b.code === OK && paid(b.data));
    };
    document.addEventListener("visibilitychange", back);
    return () => {
      clearInterval(poll);
      document.removeEventListener("visibilitychange", back);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [surveyId, start.orderSn]);

  const check = async () => {
    const b = await queryOrder(start.orderSn);
    if (!(b.code === OK && paid(b.data))) onNotDetected();
  };

  return (
    <div className="pay-wechat" data-testid="pay-wechat">
      <div className="pay-wechat__qr">
        <QrCode value={start.codeUrl} label="微信支付二维码" />
      </div>
      <div className="pay-wechat__side">
        <div className="pay-wechat__title">
          <WechatOutlined style={{ color: "#07c160" }} /> 请使用微信扫一扫付款
        </div>
        <div className="pay-wechat__amount" data-testid="pay-wechat-amount">
          ¥{moneyText(start.payAmount)}
        </div>
        <div className="pay-note">
          二维码 <span role="timer">{left ?? "0分00秒"}</span> 后失效，付款后本页自动跳转
        </div>
        <Button onClick={() => void check()}>我已完成支付</Button>
        {start.devScanUrl && (
          <a href={start.devScanUrl} target="_blank" rel="noreferrer" data-testid="pay-wechat-dev-scan">
            本地模拟扫码（开发模式）
          </a>
        )}
      </div>
    </div>
  );
}
