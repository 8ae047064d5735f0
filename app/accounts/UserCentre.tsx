// User centre (/homeUser, /loginUser; spec 1 §2): profile summary, links to the user's assessments and Q&A activity,
// and the settings tabs (loaded lazily).
import { Avatar, Spin } from "antd";
import { FileTextOutlined, MessageOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { lazy, Suspense, useState } from "react";
import { avatarUrl } from "../lib/viewer";
import { maskPhone, type UserInfoView } from "../../workers/contract/accounts";
import { chinaDateText } from "../../workers/lib/china-time";

const SettingsTabs = lazy(() => import("./settings/SettingsTabs"));

export interface UserSummary {
  name: string;
  userName: string;
  phone: string | null;
  filePath: string | null;
  company: string | null;
  whenCreated: number;
}

export function UserCentre({ summary: initial }: { summary: UserSummary }) {
  const [summary, setSummary] = useState(initial);
  const onUserChange = (u: UserInfoView) =>
    setSummary({ name: u.name || u.userName, userName: u.userName, phone: u.phone, filePath: u.filePath, company: u.company, whenCreated: u.whenCreated });
  return (
    <div className="container user-centre">
      <section className="user-card" aria-labelledby="user-card-name">
        <Avatar src={avatarUrl(summary.filePath)} size={80} alt="" />
        <div className="user-card__body">
          <h1 id="user-card-name">{summary.name}</h1>
          <p>
            用户名：{summary.userName}
            {summary.phone ? ` · 手机号：${maskPhone(summary.phone)}` : ""}
            {summary.company ? ` · ${summary.company}` : ""}
          </p>
          <p className="field-hint">注册时间：{chinaDateText(summary.whenCreated)}</p>
        </div>
        <nav className="user-card__links" aria-label="我的内容">
          <a href="/workbench">
            <FileTextOutlined aria-hidden /> 我的评估与报告
          </a>
          <a href="/personal/question">
            <QuestionCircleOutlined aria-hidden /> 我的提问
          </a>
          <a href="/personal/answer">
            <MessageOutlined aria-hidden /> 我的回答
          </a>
        </nav>
      </section>
      <section className="user-centre__settings" aria-label="账号设置">
        <h2 className="user-centre__heading">账号设置</h2>
        <Suspense fallback={<Spin />}>
          <SettingsTabs onUserChange={onUserChange} />
        </Suspense>
      </section>
    </div>
  );
}
