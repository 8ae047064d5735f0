// Picks the invoice provider from env: INVOICE_PROVIDER=manual (default outside local: operators upload the issued
// file) or dev (default locally: a sample PDF so the whole flow runs without a tax platform). `dev` outside
// APP_ENV=local fails closed: a sample is not an invoice. A platform client implements InvoiceProvider (types.ts)
// and is added here.
import { isLocal, opt } from "../../lib/env";
import { chinaDate, chinaDateText } from "../../lib/china-time";
import { randomId } from "../../lib/ids";
import { INVOICE_KIND_LABEL } from "../../contract/invoice";
import { samplePdf } from "./sample-pdf";
import type { InvoiceIssueInput, InvoiceProvider, IssuedInvoice } from "./types";

export type { InvoiceIssueInput, InvoiceProvider, IssuedInvoice } from "./types";

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;

/** The local stand-in: a one-page sample PDF marked as not a valid invoice, with a 20-digit number. */
export const devInvoiceProvider: InvoiceProvider = {
  name: "dev",
  async issue(i: InvoiceIssueInput): Promise<IssuedInvoice> {
    const digits = [...randomId(9)].map((h) => parseInt(h, 16) % 10).join("").slice(0, 18);
    const invoiceNo = `${chinaDate(i.now).slice(2, 4)}${digits}`;
    const lines = [
      { text: `电子发票（${INVOICE_KIND_LABEL[i.kind]}）样票`, size: 18, x: 170, y: 360 },
      { text: `发票号码：${invoiceNo}    开票日期：${chinaDateText(i.now)}`, size: 10, x: 50, y: 325 },
      { text: `购买方名称：${i.buyerName}`, size: 11, x: 50, y: 295 },
      { text: `纳税人识别号：${i.taxId}`, size: 11, x: 50, y: 275 },
      ...(i.kind === "special" ? [{ text: `地址、电话：${i.address} ${i.phone}`, size: 10, x: 50, y: 255 }, { text: `开户行及账号：${i.bankName} ${i.bankAccount}`, size: 10, x: 50, y: 238 }] : []),
      { text: `项目名称：*信息技术服务*${i.itemName}评估报告`, size: 11, x: 50, y: 205 },
      { text: `价税合计：¥${yuan(i.amountFen)}    订单号：${i.orderSn}`, size: 11, x: 50, y: 185 },
      { text: "本文件由开发环境生成，仅供测试，不是有效发票。", size: 10, x: 50, y: 60 },
    ];
    return { invoiceNo, fileType: "pdf", bytes: samplePdf(lines) };
  },
};

/** The configured provider, or null for `manual` (upload only). */
export function invoiceProvider(env: Env): InvoiceProvider | null {
  const kind = (opt(env, "INVOICE_PROVIDER") ?? (isLocal(env) ? "dev" : "manual")).toLowerCase();
  if (kind === "manual") return null;
  if (kind === "dev") {
    if (!isLocal(env)) throw new Error("INVOICE_PROVIDER=dev is the local stand-in: set INVOICE_PROVIDER=manual or a platform");
    return devInvoiceProvider;
  }
  throw new Error(`unknown INVOICE_PROVIDER ${kind}`);
}

export const invoiceProviderName = (env: Env) => {
  try {
    return invoiceProvider(env)?.name ?? "manual";
  } catch {
    return "misconfigured";
  }
};
