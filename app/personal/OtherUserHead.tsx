// Another user's header (spec 2 §2 other user's page): photo, name, location, work years, domains, statistics, follow.
import { Avatar } from "antd";
import { avatarUrl } from "../lib/viewer";
import type { BasicProfile, UserStatistics } from "../../workers/contract/qa-personal-constants";
import { ProfileMeta, StatsList } from "./PersonalShell";
import { FollowToggle } from "./UserRows";
import { ReportButton } from "../qa/components/ReportButton";

export function OtherUserHead({ profile, stats }: { profile: BasicProfile; stats: UserStatistics }) {
  const base = `/otherUser/userList?userId=${profile.id}`;
  return (
    <section className="personal-head" aria-label="用户概况">
      <div className="personal-head__who">
        <Avatar src={avatarUrl(profile.photo)} size={72} alt="" />
        <div>
          <h1>{profile.name}</h1>
          <ProfileMeta profile={profile} />
        </div>
      </div>
      <StatsList stats={stats} links={{ follow: `${base}&type=follow`, fans: `${base}&type=fans`, answer: `/otherUser/list?userId=${profile.id}&tab=answer`, question: `/otherUser/list?userId=${profile.id}&tab=question` }} />
      {!profile.isSelf && (
        <div className="personal-head__actions">
          <FollowToggle userId={profile.id} initial={profile.isFollow} name={profile.name} />
          <ReportButton targetType="nickname" choices={["nickname", "avatar"]} targetId={profile.id} className="link-button personal-report" />
        </div>
      )}
    </section>
  );
}
