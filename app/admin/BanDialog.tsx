// The ban dialog of the queue and the users page: a reason is required (it goes to user_bans and the audit log).
import { client } from "../lib/api-client";
import { useState } from "react";
import { Input, Modal } from "antd";
import { BAN_REASON_MAX } from "../../workers/contract/admin-constants";
import { adminCall } from "./client";

/** `user` null keeps the dialog closed; onClose runs after a ban or a cancel. */
export function BanDialog({ user, onClose, onBanned }: { user: { id: number; name: string } | null; onClose: () => void; onBanned: () => void }) {
  const [reason, setReason] = useState("");
  return (
    <Modal
      title={user ? `封禁用户：${user.name}` : ""}
      open={user !== null}
      okText="确认封禁"
      cancelText="取消"
      okButtonProps={{ danger: true, disabled: !reason.trim() }}
      onCancel={onClose}
      onOk={async () => {
        if (user && (await adminCall((o) => client.api.admin.users.ban.$post({ json: { userId: user.id, reason } }, o), onBanned))) {
          setReason("");
          onClose();
        }
      }}
    >
      <label htmlFor="ban-reason">封禁理由</label>
      <Input.TextArea id="ban-reason" value={reason} maxLength={BAN_REASON_MAX} showCount onChange={(e) => setReason(e.target.value)} placeholder="请填写封禁理由，将记录在操作日志中" />
    </Modal>
  );
}
