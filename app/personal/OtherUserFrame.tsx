// The frame of another user's pages (/otherUser/list, /otherUser/userList): the login prompt for visitors, else
// the profile head and one card with a title ("TA的…", "我的…" on one's own page), filter links and the body.
import type { ReactNode } from "react";
import type { BasicProfile, UserStatistics } from "../../workers/contract/qa-personal-constants";
import { PageShell } from "../components/layout/PageShell";
import { LoginPrompt } from "./PersonalShell";
import { OtherUserHead } from "./OtherUserHead";

export function OtherUserFrame({
  profile,
  stats,
  redirectTo,
  loginTitle,
  titleId,
  title,
  toolbar,
  body,
}: {
  profile: BasicProfile | null;
  stats: UserStatistics | null;
  redirectTo: string;
  loginTitle: string;
  titleId: string;
  /** The card title for "我" or "TA". */
  title: (who: string) => string;
  toolbar: (stats: UserStatistics) => ReactNode;
  /** Rendered only for a logged-in viewer. */
  body: () => ReactNode;
}) {
  if (!profile || !stats) {
    return (
      <PageShell>
        <div className="container">
          <LoginPrompt title={loginTitle} redirectTo={redirectTo} />
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell>
      <div className="container personal-main" style={{ paddingTop: 24, paddingBottom: 32 }}>
        <OtherUserHead profile={profile} stats={stats} />
        <section className="personal-card" aria-labelledby={titleId}>
          <div className="personal-toolbar">
            <h2 id={titleId} className="personal-card__title">{title(profile.isSelf ? "我" : "TA")}</h2>
            {toolbar(stats)}
          </div>
          {body()}
        </section>
      </div>
    </PageShell>
  );
}
