// /personal/orders 我的订单 (issue 25): every order of the viewer, newest first, 10 a page (server-side paging), with
// the report, amounts, coupon, pay method, China time, status, and its invoice state and actions: 去支付 (the
// existing payment dialog), 申请发票 / 重新申请, 下载发票.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { useEffect, useState } from "react";
import { Button } from "antd";
import { antdPersonalCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import ordersCss from "../orders/orders.css?url";
import { PersonalShell } from "../personal/PersonalShell";
import { ListPager } from "../personal/ListPager";
import { personalPageData } from "../personal/personal.server";
import { InvoiceDialog } from "../orders/InvoiceDialog";
import { useReportPayment } from "../payment/use-report-payment";
import { myOrders } from "../../workers/services/invoice/orders";
import { INVOICE_KIND_LABEL, INVOICE_STATUS_LABEL, MY_ORDERS_PAGE_SIZE, MY_ORDER_STATUS_LABEL, type MyOrderView } from "../../workers/contract/invoice";
import { chinaDateTime } from "../../workers/lib/china-time";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdPersonalCss },
  { rel: "stylesheet", href: personalCss },
  { rel: "stylesheet", href: ordersCss },
];
export const meta: MetaFunction = () => [{ title: `我的订单 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return personalPageData(request, context, (db, userId, url) => {
    const n = Number(url.searchParams.get("page"));
    return myOrders({ db, userId, pageNo: Number.isInteger(n) && n > 0 ? n : 1, pageSize: MY_ORDERS_PAGE_SIZE, now: Date.now() });
  });
}

const yuan = (v: number) => `¥${v.toFixed(2)}`;

function InvoiceState({ order, onRequest }: { order: MyOrderView; onRequest: () => void }) {
  const inv = order.invoice;
  return (
    <div className="order-item__invoice">
      {inv ? (
        <p>
          发票：<strong>{INVOICE_STATUS_LABEL[inv.status]}</strong>（{INVOICE_KIND_LABEL[inv.kind]}）
          {inv.status === "rejected" && inv.rejectReason ? <span className="order-item__reason">：{inv.rejectReason}</span> : null}
          {inv.status === "cancelled" && inv.rejectReason ? <span>：{inv.rejectReason}</span> : null}
        </p>
      ) : order.status === "SUCCESS" ? (
        <p>发票：未申请</p>
      ) : null}
      {inv?.downloadUrl && (
        <Button size="small" type="primary" href={inv.downloadUrl} download>
          下载发票
        </Button>
      )}
      {order.canRequestInvoice && (
        <Button size="small" onClick={onRequest}>
          {inv ? "重新申请发票" : "申请发票"}
        </Button>
      )}
    </div>
  );
}

export default function PersonalOrders() {
  const { header, unread, data } = useLoaderData<typeof loader>();
  const payment = useReportPayment();
  const revalidator = useRevalidator();
  const [invoiceFor, setInvoiceFor] = useState<MyOrderView | null>(null);
  // The payment dialog and its Alipay popup change orders elsewhere: read them again when the page regains focus.
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    };
    window.addEventListener("focus", again);
    return () => window.removeEventListener("focus", again);
  }, [revalidator]);

  return (
    <PersonalShell active="orders" header={header} unread={unread}>
      {data && (
        <section className="personal-card" aria-labelledby="orders-title">
          <h2 id="orders-title" className="personal-card__title">我的订单</h2>
          {data.list.length === 0 ? (
            <p className="personal-empty">暂无订单。在工作台生成报告后可下载报告。</p>
          ) : (
            <ul className="personal-list" aria-label="订单列表">
              {data.list.map((o) => (
                <li key={o.orderSn} className="personal-item order-item" data-order={o.orderSn}>
                  <div className="personal-item__body">
                    <h3 className="personal-item__title">
                      {o.reportTitle}
                      <span className="personal-tag">{o.productName}</span>
                    </h3>
                    <p className="personal-item__meta">
                      <span>订单号 {o.orderSn}</span>
                      <span>下单时间 {chinaDateTime(o.createdAt)}</span>
                      {o.paidAt ? <span>支付时间 {chinaDateTime(o.paidAt)}</span> : null}
                    </p>
                    <dl className="order-item__figures">
                      <div>
                        <dt>金额</dt>
                        <dd className="order-money">{yuan(o.orderAmount)}</dd>
                      </div>
                      <div>
                        <dt>优惠券</dt>
                        <dd>{o.couponName ? `${o.couponName} −${yuan(o.couponAmount ?? 0)}` : "—"}</dd>
                      </div>
                      <div>
                        <dt>实付</dt>
                        <dd className="order-money">{yuan(o.payAmount)}</dd>
                      </div>
                      {o.refunded > 0 && (
                        <div>
                          <dt>已退款</dt>
                          <dd className="order-money">{yuan(o.refunded)}</dd>
                        </div>
                      )}
                      <div>
                        <dt>支付方式</dt>
                        <dd>{o.payMethod}</dd>
                      </div>
                    </dl>
                  </div>
                  <div className="order-item__side">
                    <span className={`order-status order-status--${o.status.toLowerCase()}`} data-status={o.status}>
                      {MY_ORDER_STATUS_LABEL[o.status]}
                    </span>
                    {o.canPay && (
                      <Button type="primary" size="small" onClick={() => void payment.open({ surveyId: o.surveyId, productId: o.productId })}>
                        去支付
                      </Button>
                    )}
                    <InvoiceState order={o} onRequest={() => setInvoiceFor(o)} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <ListPager total={data.total} pageNo={data.pageNo} pageSize={data.pageSize} sizes={false} />
        </section>
      )}
      {payment.dialog}
      <InvoiceDialog
        order={invoiceFor}
        onClose={() => setInvoiceFor(null)}
        onDone={() => {
          setInvoiceFor(null);
          revalidator.revalidate();
        }}
      />
    </PersonalShell>
  );
}
