// Authentication info (spec 1 §2): three sections with their own save: company, personal, energy experience.
import { Button, Form, Input, Select, Spin, message } from "antd";
import { useState } from "react";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import type { Envelope } from "../../../workers/lib/envelope";
import {
  ACCOUNT_MSG,
  companyInfoSchema,
  energyInfoSchema,
  idNumberSchema,
  personalInfoSchema,
  SUCCESS_MSG,
  type UserInfoView,
} from "../../../workers/contract/accounts";
import { zodRule } from "../form-rules";
import { idList, keyList, useOptions } from "./data";

async function save(pending: Promise<Envelope<UserInfoView | null>>, onSaved: (u: UserInfoView) => void) {
  const res = await pending;
  if (res.code === OK && res.data) {
    void message.success(res.msg || SUCCESS_MSG.saved);
    onSaved(res.data);
  }
}

const labelCol = { flex: "112px" };
const authInfo = client.api.user["auth-info"];

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  const id = `auth-${title}`;
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {hint && <p className="field-hint">{hint}</p>}
      {children}
    </section>
  );
}

export function AuthInfoTab({ user, onSaved }: { user: UserInfoView; onSaved: (u: UserInfoView) => void }) {
  const options = useOptions(true);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, pending: Promise<Envelope<UserInfoView | null>>) => {
    setBusy(key);
    try {
      await save(pending, onSaved);
    } finally {
      setBusy(null);
    }
  };
  if (!options) return <Spin />;
  const p = personalInfoSchema.shape;
  return (
    <div className="auth-info">
      <Section title="公司信息">
        <Form
          name="company-info"
          labelCol={labelCol}
          className="settings-form"
          initialValues={{ company: user.company ?? "", industryType: idList(user.industryType) }}
          onFinish={(v: { company: string; industryType: number[] }) => void run("company", call((o) => authInfo.company.$post({ json: v }, o)))}
        >
          <Form.Item name="company" label="公司全称" required rules={[zodRule(companyInfoSchema.shape.company)]}>
            <Input maxLength={100} placeholder="请输入公司全称" />
          </Form.Item>
          <Form.Item
            name="industryType"
            label="行业类别"
            required
            rules={[{ validator: async (_r, v: number[] | undefined) => { if (!v || v.length === 0) throw new Error(ACCOUNT_MSG.industryInvalid); } }]}
          >
            <Select mode="multiple" showSearch={{ optionFilterProp: "label" }} options={options.industries} placeholder="请选择行业类别（可搜索）" maxCount={10} aria-label="行业类别" />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={busy === "company"}>
              保存公司信息
            </Button>
          </Form.Item>
        </Form>
      </Section>

      <Section title="个人信息">
        <Form
          name="personal-info"
          labelCol={labelCol}
          className="settings-form"
          initialValues={{
            realName: user.realName ?? "",
            profession: user.profession ?? "",
            identityNumber: user.identityNumber ?? "",
            graduatedSchool: user.graduatedSchool ?? "",
            highestEducation: user.highestEducation || undefined,
            professionalTitle: user.professionalTitle ?? "",
            positional: user.positional ?? "",
            workExperience: user.workExperience ?? "",
          }}
          onFinish={(v: Record<string, string | undefined>) => void run("personal", call((o) => authInfo.personal.$post({ json: { ...v, highestEducation: v.highestEducation ?? "" } }, o)))}
        >
          <Form.Item name="realName" label="姓名" rules={[zodRule(p.realName, { optional: true })]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="profession" label="专业" rules={[zodRule(p.profession, { optional: true })]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="identityNumber" label="身份证号" rules={[zodRule(idNumberSchema, { optional: true })]} validateTrigger="onBlur">
            <Input maxLength={18} placeholder="18位居民身份证号码" />
          </Form.Item>
          <Form.Item name="graduatedSchool" label="毕业院校" rules={[zodRule(p.graduatedSchool, { optional: true })]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="highestEducation" label="最高学历">
            <Select options={options.education} allowClear placeholder="请选择最高学历" aria-label="最高学历" />
          </Form.Item>
          <Form.Item name="professionalTitle" label="职称" rules={[zodRule(p.professionalTitle, { optional: true })]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="positional" label="职位" rules={[zodRule(p.positional, { optional: true })]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="workExperience" label="工作经历" rules={[zodRule(p.workExperience, { optional: true })]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={busy === "personal"}>
              保存个人信息
            </Button>
          </Form.Item>
        </Form>
      </Section>

      <Section title="能源经历" hint="仅填写能源管理、节能相关的信息">
        <Form
          name="energy-info"
          labelCol={labelCol}
          className="settings-form"
          initialValues={{
            managementDirection: keyList(user.managementDirection),
            workYear: user.workYear || undefined,
            trainExperience: user.trainExperience ?? "",
            honoraryTitle: user.honoraryTitle ?? "",
          }}
          onFinish={(v: Record<string, unknown>) => void run("energy", call((o) => authInfo.energy.$post({ json: { ...v, workYear: v.workYear ?? "" } }, o)))}
        >
          <Form.Item name="managementDirection" label="擅长方向">
            <Select mode="multiple" showSearch={{ optionFilterProp: "label" }} options={options.managementDirection} placeholder="请选择擅长方向" aria-label="擅长方向" />
          </Form.Item>
          <Form.Item name="workYear" label="工作年限">
            <Select options={options.workYear} allowClear placeholder="请选择工作年限" aria-label="工作年限" />
          </Form.Item>
          <Form.Item name="trainExperience" label="培训经历" rules={[zodRule(energyInfoSchema.shape.trainExperience, { optional: true })]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
          <Form.Item name="honoraryTitle" label="荣誉奖项" rules={[zodRule(energyInfoSchema.shape.honoraryTitle, { optional: true })]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={busy === "energy"}>
              保存能源经历
            </Button>
          </Form.Item>
        </Form>
      </Section>
    </div>
  );
}
