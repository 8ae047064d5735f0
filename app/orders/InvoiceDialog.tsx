// 申请发票 on 我的订单 (issue 25): 普通发票 or 增值税专用发票, the buyer fields a 数电发票 carries, the delivery email,
// and saved 抬头 presets (pick, save, update, delete). Checked with the same zod schema as the API before sending.
import { useEffect, useState } from "react";
import { Button, Checkbox, Input, Modal, Radio, Select, Space, message } from "antd";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import {
  INVOICE_KIND_LABEL,
  INVOICE_MSG,
  invoiceRequestSchema,
  type InvoiceKind,
  type InvoiceTitleView,
  type MyOrderView,
} from "../../workers/contract/invoice";

type Title = Omit<InvoiceTitleView, "id">;
const EMPTY: Title = { kind: "normal", buyerName: "", taxId: "", address: "", phone: "", bankName: "", bankAccount: "", email: "" };
const FIELDS: { key: keyof Title; label: string; special?: true; placeholder?: string }[] = [
  { key: "buyerName", label: "购买方名称", placeholder: "单位全称" },
  { key: "taxId", label: "纳税人识别号", placeholder: "18位统一社会信用代码" },
  { key: "address", label: "地址", special: true },
  { key: "phone", label: "电话", special: true },
  { key: "bankName", label: "开户银行", special: true },
  { key: "bankAccount", label: "银行账号", special: true },
  { key: "email", label: "接收邮箱", placeholder: "发票开具后的接收邮箱" },
];

export function InvoiceDialog({ order, onClose, onDone }: { order: MyOrderView | null; onClose: () => void; onDone: () => void }) {
  const [title, setTitle] = useState<Title>(EMPTY);
  const [presets, setPresets] = useState<InvoiceTitleView[]>([]);
  const [presetId, setPresetId] = useState<number | null>(null);
  const [save, setSave] = useState(false);
  const [busy, setBusy] = useState(false);

  const loadPresets = async () => {
    const res = await call((o) => client.api.invoice.titles.$get(undefined, o), { silent: true });
    if (res.code === OK && res.data) setPresets(res.data);
    return res.data ?? [];
  };
  useEffect(() => {
    if (!order) return;
    setTitle(EMPTY);
    setPresetId(null);
    setSave(false);
    void loadPresets();
  }, [order]);

  const pick = (id: number | null) => {
    setPresetId(id);
    const p = presets.find((t) => t.id === id);
    if (p) {
      const { id: _id, ...rest } = p;
      setTitle(rest);
    }
  };
  const removePreset = async () => {
    if (!presetId) return;
    const res = await call((o) => client.api.invoice.titles.delete.$post({ json: { id: presetId } }, o));
    if (res.code !== OK) return;
    void message.success(res.msg);
    setPresetId(null);
    await loadPresets();
  };
  const submit = async () => {
    if (!order) return;
    const payload = { orderSn: order.orderSn, title, saveTitle: save, titleId: save ? presetId : null };
    const checked = invoiceRequestSchema.safeParse(payload);
    if (!checked.success) {
      void message.error(checked.error.issues[0]?.message ?? INVOICE_MSG.buyerName);
      return;
    }
    setBusy(true);
    const res = await call((o) => client.api.invoice.request.$post({ json: payload }, o));
    setBusy(false);
    if (res.code !== OK) return;
    void message.success(res.msg);
    onDone();
  };

  const special = title.kind === "special";
  return (
    <Modal
      open={!!order}
      title="申请发票"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()}>
            提交申请
          </Button>
        </Space>
      }
    >
      {order && (
        <div className="invoice-form">
          <p className="invoice-form__order">
            订单 {order.orderSn} · {order.reportTitle} · 开票金额 ¥{(order.payAmount - order.refunded).toFixed(2)}
          </p>
          {presets.length > 0 && (
            <div className="invoice-form__row">
              <label htmlFor="invoice-preset">常用抬头</label>
              <Space.Compact style={{ width: "100%" }}>
                <Select<number>
                  id="invoice-preset"
                  allowClear
                  placeholder="选择已保存的抬头"
                  value={presetId ?? undefined}
                  onChange={(v) => pick(v ?? null)}
                  options={presets.map((p) => ({ value: p.id, label: `${p.buyerName}（${INVOICE_KIND_LABEL[p.kind]}）` }))}
                  style={{ flex: 1 }}
                />
                <Button disabled={!presetId} onClick={() => void removePreset()}>
                  删除
                </Button>
              </Space.Compact>
            </div>
          )}
          <div className="invoice-form__row" role="radiogroup" aria-label="发票类型">
            <span className="invoice-form__label">发票类型</span>
            <Radio.Group value={title.kind} onChange={(e) => setTitle({ ...title, kind: e.target.value as InvoiceKind })}>
              <Radio value="normal">{INVOICE_KIND_LABEL.normal}</Radio>
              <Radio value="special">{INVOICE_KIND_LABEL.special}</Radio>
            </Radio.Group>
          </div>
          {FIELDS.filter((f) => !f.special || special).map((f) => (
            <div className="invoice-form__row" key={f.key}>
              <label htmlFor={`invoice-${f.key}`}>
                {f.label}
                <span className="invoice-form__req" aria-hidden="true">*</span>
              </label>
              <Input id={`invoice-${f.key}`} name={f.key} value={title[f.key]} placeholder={f.placeholder} onChange={(e) => setTitle({ ...title, [f.key]: e.target.value })} />
            </div>
          ))}
          <p className="invoice-form__hint">数电发票，开具后可在“我的订单”中下载，并发送至接收邮箱。</p>
          <Checkbox checked={save} onChange={(e) => setSave(e.target.checked)}>
            {presetId ? "同时更新所选常用抬头" : "保存为常用抬头"}
          </Checkbox>
        </div>
      )}
    </Modal>
  );
}
