// Invoices (数电发票) and the buyer's order list (issue 25, docs/payments.md "发票"): the one zod schema of an
// invoice title that the request dialog and the API both check, the taxpayer-ID rule, labels, messages and the
// shapes on the wire. Imports nothing server-only.
import { z } from "zod";

export const INVOICE_KIND = { NORMAL: "normal", SPECIAL: "special" } as const;
export type InvoiceKind = (typeof INVOICE_KIND)[keyof typeof INVOICE_KIND];
export const INVOICE_KIND_LABEL: Record<InvoiceKind, string> = { normal: "普通发票", special: "增值税专用发票" };

export type InvoiceStatus = "pending" | "issued" | "rejected" | "cancelled";
export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = { pending: "开票中", issued: "已开票", rejected: "已驳回", cancelled: "已撤销" };

export type InvoiceFileType = "pdf" | "ofd" | "xml";
export const INVOICE_FILE_MIME: Record<InvoiceFileType, string> = { pdf: "application/pdf", ofd: "application/ofd", xml: "application/xml" };
/** Issued files are small (a 数电发票 PDF is ~100 KB); anything over this is not an invoice. */
export const INVOICE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const INVOICE_TITLES_MAX = 20;
export const MY_ORDERS_PAGE_SIZE = 10;

export const INVOICE_MSG = {
  kind: "请选择发票类型",
  buyerName: "请填写购买方名称",
  buyerNameLong: "购买方名称最多100个字",
  taxId: "请填写纳税人识别号",
  taxIdFormat: "纳税人识别号格式不正确：应为18位统一社会信用代码（数字或大写字母，不含I、O、S、V、Z），请核对",
  taxIdCheck: "纳税人识别号校验位不正确，请核对后重新填写",
  address: "增值税专用发票须填写购买方地址",
  phone: "增值税专用发票须填写购买方电话",
  phoneFormat: "电话只能包含数字、空格、+、- 和括号，最多20位",
  bankName: "增值税专用发票须填写开户银行",
  bankAccount: "增值税专用发票须填写银行账号",
  bankAccountFormat: "银行账号须为8–32位数字（可含空格、-）",
  fieldLong: "内容过长",
  email: "请填写正确的接收邮箱",
  orderMissing: "订单不存在",
  notPaid: "订单支付成功后才能申请发票",
  refunded: "已全额退款的订单不能申请发票",
  zeroAmount: "该订单实付金额为0，无需开具发票",
  alreadyRequested: "该订单已申请发票，请勿重复申请",
  requested: "发票申请已提交，开具后将通过系统消息通知您",
  titleMissing: "常用抬头不存在",
  titlesFull: `常用抬头最多保存${20}个，请先删除不用的抬头`,
  titleSaved: "常用抬头已保存",
  titleDeleted: "常用抬头已删除",
  requestMissing: "发票申请不存在",
  notPending: "该申请已处理，请刷新后查看",
  rejectReason: "请填写驳回原因",
  rejectReasonLong: "驳回原因最多100个字",
  rejected: "已驳回",
  issued: "发票已开具",
  fileMissing: "请选择发票文件",
  fileTooLarge: "发票文件不能超过5MB",
  fileType: "发票文件须为PDF、OFD或XML格式，且内容完整",
  invoiceNo: "发票号码须为8–20位数字",
  providerManual: "未配置开票平台，请上传已开具的发票文件",
  providerFailed: "开票平台开具失败，请稍后重试或上传发票文件",
  redLetterMissing: "红字发票记录不存在",
  redLetterDone: "已标记红字发票已开具",
  redLetterNote: "备注最多100个字",
} as const;

// ---- taxpayer ID (纳税人识别号) ----
/** GB 32100-2015 character set: digits and upper-case letters except I, O, S, V, Z. */
const USCC_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/**
 * Legacy taxpayer IDs still accepted on 数电发票 for buyers registered before the unified code (docs/payments.md):
 * 15 characters (6-digit area code + 9-character organisation code), 17 digits (15-digit old resident ID + 2) and
 * 20 characters (18-digit resident ID + 2 digits: individual businesses). No check digit we can verify: shape only.
 */
const LEGACY_TAX_ID = /^(?:\d{6}[0-9A-Z]{9}|\d{17}|\d{17}[\dX]\d{2})$/;

/** Upper case without spaces: what the buyer meant. */
export const normalizeTaxId = (s: string) => s.replace(/\s+/g, "").toUpperCase();

/** The 18th character of a 统一社会信用代码 from the first 17 (GB 32100-2015, mod 31). */
export function usccCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i] ?? "");
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** GB 11643 resident ID (an individual buyer's or 个体工商户's taxpayer ID): 17 digits and an ISO 7064 MOD 11-2 check. */
export function isResidentId(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const sum = [...id.slice(0, 17)].reduce((s, d, i) => s + Number(d) * (2 ** (17 - i) % 11), 0);
  return "10X98765432"[sum % 11] === id[17];
}

/**
 * null when valid, else the Chinese message. 18 characters must be a 统一社会信用代码 with its check digit
 * (GB 32100-2015) or a resident ID number with its own (GB 11643: individual buyers are identified by it).
 */
export function taxIdProblem(raw: string): string | null {
  const id = normalizeTaxId(raw);
  if (!id) return INVOICE_MSG.taxId;
  if (id.length === 18) {
    if (isResidentId(id)) return null;
    if (![...id].every((ch) => USCC_CHARS.includes(ch))) return INVOICE_MSG.taxIdFormat;
    return usccCheckChar(id.slice(0, 17)) === id[17] ? null : INVOICE_MSG.taxIdCheck;
  }
  return LEGACY_TAX_ID.test(id) ? null : INVOICE_MSG.taxIdFormat;
}

// ---- the invoice title (抬头) schema: one for presets, requests, the dialog and the API ----
const text = (max: number, msg: string = INVOICE_MSG.fieldLong) => z.string().trim().max(max, msg).default("");

export const invoiceTitleSchema = z
  .object({
    kind: z.enum(["normal", "special"], { error: INVOICE_MSG.kind }),
    buyerName: z.string({ error: INVOICE_MSG.buyerName }).trim().min(1, INVOICE_MSG.buyerName).max(100, INVOICE_MSG.buyerNameLong),
    taxId: z
      .string({ error: INVOICE_MSG.taxId })
      .transform(normalizeTaxId)
      .superRefine((v, ctx) => {
        const problem = taxIdProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    address: text(100),
    phone: text(20).refine((v) => v === "" || /^[0-9+\-() ]{5,20}$/.test(v), INVOICE_MSG.phoneFormat),
    bankName: text(60),
    bankAccount: text(40).refine((v) => v === "" || /^[0-9][0-9 -]{6,38}[0-9]$/.test(v), INVOICE_MSG.bankAccountFormat),
    email: z.string({ error: INVOICE_MSG.email }).trim().max(100, INVOICE_MSG.email).pipe(z.email({ error: INVOICE_MSG.email })),
  })
  .superRefine((v, ctx) => {
    // 专票: the issuer requires the buyer's address, phone, bank and account (printed on the invoice).
    if (v.kind !== "special") return;
    const need: [keyof typeof v, string][] = [
      ["address", INVOICE_MSG.address],
      ["phone", INVOICE_MSG.phone],
      ["bankName", INVOICE_MSG.bankName],
      ["bankAccount", INVOICE_MSG.bankAccount],
    ];
    for (const [k, message] of need) if (!v[k]) ctx.addIssue({ code: "custom", path: [k], message });
  });
export type InvoiceTitleInput = z.infer<typeof invoiceTitleSchema>;

const positiveId = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg);
const orderSn = z.string({ error: INVOICE_MSG.orderMissing }).trim().min(1, INVOICE_MSG.orderMissing).max(64, INVOICE_MSG.orderMissing);

export const invoiceRequestSchema = z.object({
  orderSn,
  title: invoiceTitleSchema,
  /** Save the title as a preset too (updates `titleId` when given, else adds one). */
  saveTitle: z.boolean().optional().default(false),
  titleId: positiveId(INVOICE_MSG.titleMissing).nullish(),
});
export type InvoiceRequestInput = z.infer<typeof invoiceRequestSchema>;

export const titleSaveSchema = z.object({ id: positiveId(INVOICE_MSG.titleMissing).nullish(), title: invoiceTitleSchema });
export const titleIdSchema = z.object({ id: positiveId(INVOICE_MSG.titleMissing) });

export const myOrdersQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).catch(MY_ORDERS_PAGE_SIZE).default(MY_ORDERS_PAGE_SIZE),
});

// ---- operator ----
export const INVOICE_QUEUE_STATES = ["pending", "issued", "rejected", "cancelled", "redLetter"] as const;
export type InvoiceQueueState = (typeof INVOICE_QUEUE_STATES)[number];
export const INVOICE_QUEUE_LABEL: Record<InvoiceQueueState, string> = { pending: "待开具", issued: "已开具", rejected: "已驳回", cancelled: "已撤销", redLetter: "待开红字" };
export const invoiceQueueQuery = z.object({
  state: z.enum(INVOICE_QUEUE_STATES).catch("pending").default("pending"),
  pageNo: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export const invoiceIdSchema = z.object({ id: positiveId(INVOICE_MSG.requestMissing) });
export const invoiceRejectSchema = z.object({
  id: positiveId(INVOICE_MSG.requestMissing),
  reason: z.string({ error: INVOICE_MSG.rejectReason }).trim().min(1, INVOICE_MSG.rejectReason).max(100, INVOICE_MSG.rejectReasonLong),
});
/** The multipart upload's text fields (the file is checked by its bytes). */
export const invoiceUploadFields = z.object({
  id: positiveId(INVOICE_MSG.requestMissing),
  invoiceNo: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || /^\d{8,20}$/.test(v), INVOICE_MSG.invoiceNo),
});
export const redLetterDoneSchema = z.object({ id: positiveId(INVOICE_MSG.redLetterMissing), note: z.string().trim().max(100, INVOICE_MSG.redLetterNote).optional() });

export const INVOICE_ACTION = { ISSUE: "invoice.issue", REJECT: "invoice.reject", RED_LETTER_DONE: "invoice.redLetter" } as const;

// ---- pay method labels: read generically from whatever channel the order holds ----
const PAY_METHOD_LABEL: Record<string, string> = { alipay: "支付宝", wechat: "微信支付", wechatpay: "微信支付", wxpay: "微信支付", coupon: "优惠券" };
/** 支付宝 / 微信支付 / 优惠券; an unknown channel is shown neutrally; none yet (unpaid) is "—". */
export const payMethodLabel = (channel: string | null | undefined) => (!channel ? "—" : (PAY_METHOD_LABEL[channel.toLowerCase()] ?? "其他方式"));

// ---- shapes ----
export interface InvoiceTitleView extends InvoiceTitleInput {
  id: number;
}

export interface OrderInvoiceView {
  id: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  buyerName: string;
  rejectReason: string | null;
  invoiceNo: string | null;
  /** Owner-only file route when issued. */
  downloadUrl: string | null;
  createdAt: number;
}

export type MyOrderStatus = "WAIT_PAY" | "SUCCESS" | "CLOSED" | "REFUNDED";
export const MY_ORDER_STATUS_LABEL: Record<MyOrderStatus, string> = { WAIT_PAY: "待支付", SUCCESS: "已支付", REFUNDED: "已退款", CLOSED: "已关闭" };

export interface MyOrderView {
  orderSn: string;
  surveyId: number;
  productId: number;
  /** The survey's title (the report), or the product name when the survey has none. */
  reportTitle: string;
  productName: string;
  /** Yuan. */
  orderAmount: number;
  couponName: string | null;
  couponAmount: number | null;
  payAmount: number;
  /** Yuan refunded so far. */
  refunded: number;
  payMethod: string;
  /** WAIT_PAY past its 30 minutes shows as CLOSED (the scheduled job closes it within minutes). */
  status: MyOrderStatus;
  createdAt: number;
  paidAt: number | null;
  invoice: OrderInvoiceView | null;
  canRequestInvoice: boolean;
  canPay: boolean;
}

export interface Paged<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** The buyer's fields (kind, name, taxpayer ID, 专票 details, email) come from the one title schema. */
export interface InvoiceQueueItem extends InvoiceTitleInput {
  id: number;
  orderSn: string;
  orderStatus: string;
  productName: string;
  userId: number;
  userName: string;
  /** Yuan: paid, refunded so far, and what is invoiceable now (paid − refunded). */
  payAmount: number;
  refunded: number;
  invoiceAmount: number;
  status: InvoiceStatus;
  rejectReason: string | null;
  invoiceNo: string | null;
  issuedVia: string | null;
  downloadUrl: string | null;
  createdAt: number;
  decidedAt: number | null;
}

export interface RedLetterItem {
  id: number;
  requestId: number;
  orderSn: string;
  buyerName: string;
  taxId: string;
  invoiceNo: string | null;
  /** Yuan refunded (the red-letter amount). */
  amount: number;
  status: "needed" | "done";
  note: string | null;
  createdAt: number;
  doneAt: number | null;
}

export interface InvoiceQueueView extends Paged<InvoiceQueueItem | RedLetterItem> {
  state: InvoiceQueueState;
  /** Pending requests and red-letter invoices owed, for the tabs. */
  pendingCount: number;
  redLetterCount: number;
  /** The configured provider (manual = upload only). */
  provider: string;
}

/** The buyer's system message when the invoice is issued or rejected. */
export const invoiceIssuedNotice = (orderSn: string, kind: InvoiceKind) => `您的订单${orderSn}的${INVOICE_KIND_LABEL[kind]}已开具，请在“我的订单”中下载。`;
export const invoiceRejectedNotice = (orderSn: string, reason: string) => `您的订单${orderSn}的发票申请未通过：${reason}。请修改后在“我的订单”中重新申请。`;
export const invoiceCancelledReason = "订单已全额退款";
