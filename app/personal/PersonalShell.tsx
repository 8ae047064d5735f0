// The personal centre frame (spec 2 §2): left menu, statistics header, and a login prompt for visitors.
import type { ReactNode } from "react";
import { Avatar, Badge, Button, Result } from "antd";
import { PageShell } from "../components/layout/PageShell";
import { openLogin } from "../lib/login-gate";
import { loginHref } from "../lib/platform-menu";
import { avatarUrl } from "../lib/viewer";
import { BADGE_MAX } from "../../workers/contract/portal";
import type { BasicProfile, UserStatistics } from "../../workers/contract/qa-personal-constants";

export const PERSONAL_MENU = [
  { key: "settings", label: "账号设置", href: "/personal/settings" },
  { key: "question", label: "我的提问", href: "/personal/question" },
  { key: "answer", label: "我的回答", href: "/personal/answer" },
  { key: "message", label: "消息通知", href: "/personal/message" },
  { key: "footprint", label: "我的足迹", href: "/personal/footprint" },
  { key: "collection", label: "我的收藏", href: "/personal/collection" },
  { key: "follow", label: "我的关注", href: "/personal/follow" },
  { key: "orders", label: "我的订单", href: "/personal/orders" },
] as const;
export type PersonalKey = (typeof PERSONAL_MENU)[number]["key"];

export function LoginPrompt({ title, redirectTo }: { title: string; redirectTo: string }) {
  return (
    <Result
      className="personal-login"
      status="info"
      title={title}
      extra={
        <Button
          type="primary"
          href={loginHref(redirectTo)}
          onClick={(e) => {
            e.preventDefault();
            openLogin({ redirectTo });
          }}
        >
          登录 / 注册
        </Button>
      }
    />
  );
}

/** Profile line: location, work years, skilled domains. */
export function ProfileMeta({ profile }: { profile: BasicProfile }) {
  const parts = [profile.locationNames.join(" · "), profile.workYearName ? `从业${profile.workYearName}` : ""].filter(Boolean);
  return (
    <>
      {parts.length > 0 && <p className="personal-head__meta">{parts.join(" ｜ ")}</p>}
      {profile.skilledDomains.length > 0 && (
        <p className="profile-tags" aria-label="擅长领域">
          {profile.skilledDomains.map((d) => (
            <span key={d.id} className="personal-tag">
              {d.domainName}
            </span>
          ))}
        </p>
      )}
    </>
  );
}

/** followCount, fansCount, praisedCount, answerCount, questionCount as links/boxes. */
export function StatsList({ stats, links }: { stats: UserStatistics; links?: Partial<Record<"follow" | "fans" | "answer" | "question", string>> }) {
  const items: [keyof typeof labels, number][] = [
    ["follow", stats.followCount],
    ["fans", stats.fansCount],
    ["praised", stats.praisedCount],
    ["answer", stats.answerCount],
    ["question", stats.questionCount],
  ];
  return (
    <ul className="personal-stats" aria-label="统计">
      {items.map(([k, n]) => {
        const href = links?.[k as "follow"];
        const inner = (
          <>
            <strong>{n}</strong>
            <small>{labels[k]}</small>
          </>
        );
        return <li key={k}>{href ? <a href={href}>{inner}</a> : <span className="personal-stats__box">{inner}</span>}</li>;
      })}
    </ul>
  );
}
const labels = { follow: "关注", fans: "粉丝", praised: "获赞", answer: "回答", question: "提问" };

export function PersonalShell({
  active,
  header,
  unread,
  children,
}: {
  active: PersonalKey;
  header: { stats: UserStatistics; profile: BasicProfile } | null;
  /** Unread messages for the menu badge. */
  unread?: number;
  children: ReactNode;
}) {
  const current = PERSONAL_MENU.find((m) => m.key === active)!;
  if (!header) {
    return (
      <PageShell>
        <div className="container">
          <LoginPrompt title={`登录后即可查看${current.label}`} redirectTo={current.href} />
        </div>
      </PageShell>
    );
  }
  const { stats, profile } = header;
  return (
    <PageShell>
      <div className="container personal">
        <nav className="personal-menu" aria-label="个人中心">
          <ul>
            {PERSONAL_MENU.map((m) => (
              <li key={m.key}>
                <a href={m.href} aria-current={m.key === active ? "page" : undefined}>
                  <span>{m.label}</span>
                  {m.key === "message" && unread ? <Badge count={unread} overflowCount={BADGE_MAX} size="small" /> : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="personal-main">
          <section className="personal-head" aria-label="我的主页概况">
            <div className="personal-head__who">
              <Avatar src={avatarUrl(profile.photo)} size={64} alt="" />
              <div>
                <h1>{profile.name}</h1>
                <ProfileMeta profile={profile} />
              </div>
            </div>
            <StatsList stats={stats} links={{ follow: "/personal/follow", fans: "/personal/follow?type=fans", answer: "/personal/answer", question: "/personal/question" }} />
          </section>
          {children}
        </div>
      </div>
    </PageShell>
  );
}
