// Basic info (spec 1 §2/§5): avatar upload (JPG/PNG ≤10 MB), nickname, username (once per half year), gender,
// phone (read-only, masked), email.
import { Avatar, Button, Form, Input, Radio, Upload, message } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { useState } from "react";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import { avatarUrl } from "../../lib/viewer";
import { chinaDateText } from "../../../workers/lib/china-time";
import {
  ACCOUNT_MSG,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  emailSchema,
  maskPhone,
  NICKNAME_MAX,
  nicknameSchema,
  SUCCESS_MSG,
  USERNAME_MAX,
  userNameSchema,
  type UserInfoView,
} from "../../../workers/contract/accounts";
import { zodRule } from "../form-rules";

interface Values {
  name: string;
  userName: string;
  sex: 1 | 2 | null;
  email: string;
}

/** Client-side pre-check; the server checks the bytes again (JPG/PNG by content). */
export function avatarProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return ACCOUNT_MSG.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return ACCOUNT_MSG.avatarSize;
  return null;
}

export function BasicInfoTab({ user, onSaved }: { user: UserInfoView; onSaved: (u: UserInfoView) => void }) {
  const [form] = Form.useForm<Values>();
  const [filePath, setFilePath] = useState<string | null>(user.filePath);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const lockedUntil = user.userNameChangeableAt && user.userNameChangeableAt > Date.now() ? user.userNameChangeableAt : null;

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const res = await call((o) => client.api.user["save-image"].$post({ form: { file, publisherId: String(user.id) } }, o));
      if (res.code === OK && res.data) {
        setFilePath(res.data.filePath);
        void message.success(res.msg || SUCCESS_MSG.uploaded);
      }
    } finally {
      setUploading(false);
    }
  };

  const save = async (v: Values) => {
    setBusy(true);
    try {
      const body: Record<string, unknown> = { id: user.id, name: v.name.trim(), sex: v.sex ?? null, email: (v.email ?? "").trim(), filePath };
      if (!lockedUntil && v.userName.trim() !== user.userName) body.userName = v.userName.trim();
      const res = await call((o) => client.api.user["user-info"].update.$post({ json: body }, o));
      if (res.code === OK && res.data) {
        // A nickname held by the keyword list (docs/admin.md) is not applied yet: say so as a warning.
        void ("nameHeld" in res.data ? message.warning(res.msg) : message.success(res.msg || SUCCESS_MSG.saved));
        onSaved(res.data);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name="basic-info"
      layout="horizontal"
      labelCol={{ flex: "96px" }}
      wrapperCol={{ flex: "1" }}
      className="settings-form"
      initialValues={{ name: user.name ?? "", userName: user.userName, sex: user.sex === 1 || user.sex === 2 ? user.sex : null, email: user.email ?? "" }}
      onFinish={(v) => void save(v)}
    >
      <Form.Item label="头像">
        <div className="avatar-field">
          <Avatar src={avatarUrl(filePath)} size={72} alt="当前头像" />
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = avatarProblem(file);
              if (problem) {
                void message.error(problem);
                return Upload.LIST_IGNORE;
              }
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              上传头像
            </Button>
          </Upload>
          <span className="field-hint">支持 JPG、PNG，大小不超过 10Mb</span>
        </div>
      </Form.Item>
      <Form.Item name="name" label="昵称" rules={[zodRule(nicknameSchema)]}>
        <Input maxLength={NICKNAME_MAX} placeholder="请输入昵称" />
      </Form.Item>
      <Form.Item
        name="userName"
        label="用户名"
        rules={lockedUntil ? [] : [zodRule(userNameSchema)]}
        extra={lockedUntil ? `用户名半年内只能修改一次，${chinaDateText(lockedUntil)} 后可再次修改` : "用户名半年内只能修改一次"}
      >
        <Input maxLength={USERNAME_MAX} disabled={Boolean(lockedUntil)} />
      </Form.Item>
      <Form.Item name="sex" label="性别">
        <Radio.Group
          options={[
            { value: 1, label: "男" },
            { value: 2, label: "女" },
          ]}
        />
      </Form.Item>
      <Form.Item label="手机号">
        <Input value={maskPhone(user.phone) || "未绑定"} disabled aria-label="手机号" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={[zodRule(emailSchema, { optional: true })]} validateTrigger={["onBlur", "onChange"]}>
        <Input maxLength={100} placeholder="请输入邮箱" autoComplete="email" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}
