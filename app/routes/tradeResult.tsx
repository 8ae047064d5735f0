// /tradeResult: Alipay's return_url (spec 3 §2 trade-result callback page). It stores the trade result for the
// payment dialog in local storage and closes its window; the result comes from our records (verified return
// parameters name the order; trade.query covers a late notify), so a hand-made URL cannot claim a payment.
import { type LoaderFunctionArgs, type MetaFunction, data, useLoaderData } from "react-router";
import { useEffect } from "react";
import { getViewer } from "../lib/viewer.server";
import { returnVerdict } from "../payment/payment.server";
import { TRADE_RESULT_KEY } from "../../workers/contract/payment";

export const meta: MetaFunction = () => [{ title: "支付结果" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await getViewer(request, env);
  const verdict = await returnVerdict(env, request, viewer?.userId ?? null);
  return data(verdict, { headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

export default function TradeResult() {
  const { tradeStatus } = useLoaderData<typeof loader>();
  useEffect(() => {
    localStorage.setItem(TRADE_RESULT_KEY, tradeStatus);
    window.close();
  }, [tradeStatus]);
  return (
    <main style={{ padding: 48, textAlign: "center", fontSize: 16 }}>
      <p role="status">{tradeStatus === "TRADE_SUCCESS" ? "支付成功，请返回原页面下载报告" : "支付未完成，请返回原页面查看"}</p>
    </main>
  );
}
