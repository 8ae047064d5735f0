// Account settings (spec 1 §2): basic info, authentication info, change password, bound accounts; and data and
// account deletion (issue 17, PIPL).
// Self-contained (loads the caller's profile itself) so /setting, /personal/settings and the user centre can render it.
import { Result, Spin, Tabs } from "antd";
import { useRevalidator } from "react-router";
import { useEffect, useState } from "react";
import type { UserInfoView } from "../../../workers/contract/accounts";
import { fetchUserInfo } from "./data";
import { BasicInfoTab } from "./BasicInfoTab";
import { AuthInfoTab } from "./AuthInfoTab";
import { PasswordTab } from "./PasswordTab";
import { BindingsTab } from "./BindingsTab";
import { DataRightsTab } from "./DataRightsTab";

export type SettingsTabKey = "basic" | "auth" | "password" | "bind" | "data";

export function SettingsTabs({ defaultTab = "basic", onUserChange }: { defaultTab?: SettingsTabKey; onUserChange?: (u: UserInfoView) => void }) {
  const [user, setUser] = useState<UserInfoView | null | undefined>(undefined);
  const [tab, setTab] = useState<string>(defaultTab);
  const revalidator = useRevalidator();

  useEffect(() => {
    void fetchUserInfo().then(setUser);
  }, []);

  const saved = (u: UserInfoView) => {
    setUser(u);
    onUserChange?.(u);
    // The header shows the name and avatar from the root loader: refresh it.
    revalidator.revalidate();
  };

  if (user === undefined) {
    return (
      <div className="settings-loading">
        <Spin />
      </div>
    );
  }
  if (user === null) return <Result status="warning" title="无法加载账号信息，请刷新重试" />;

  return (
    <div className="settings-tabs">
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: "basic", label: "基本信息", children: <BasicInfoTab key={user.whenUpdated} user={user} onSaved={saved} /> },
        { key: "auth", label: "认证信息", children: <AuthInfoTab user={user} onSaved={saved} /> },
        { key: "password", label: "修改密码", children: <PasswordTab user={user} /> },
        { key: "bind", label: "账号绑定", children: <BindingsTab user={user} onPhoneChanged={(phone) => saved({ ...user, phone })} /> },
        // PIPL art. 45/47: export a copy of one's data, delete the account (docs/account-rights.md).
        { key: "data", label: "数据与注销", children: <DataRightsTab /> },
      ]}
    />
    </div>
  );
}

export default SettingsTabs;
