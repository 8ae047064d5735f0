// /personal/message (spec 2 §2): message notifications in four tabs (回答/关注/点赞/系统), each with its unread count
// (badge max 99), 20 a page. Items are marked read after a ~5 s hover or on keyboard focus.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { useEffect, useRef, useState } from "react";
import { Badge } from "antd";
import { antdPersonalListCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { PersonalShell } from "../personal/PersonalShell";
import { ListPager } from "../personal/ListPager";
import { MessageList } from "../personal/MessageList";
import { callResult, client } from "../lib/api-client";
import { intParam, personalContext, personalHeader } from "../personal/personal.server";
import { messageCounts } from "../../workers/services/messaging/counts";
import { messagePage } from "../../workers/services/qa-personal/messages";
import { MESSAGE_PAGE_SIZE, MESSAGE_TAB, type MessageCounts, type MessageItem, type MessageTab } from "../../workers/contract/qa-personal-constants";
import { BADGE_MAX } from "../../workers/contract/portal";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdPersonalListCss },
  { rel: "stylesheet", href: personalCss },
];
export const meta: MetaFunction = () => [{ title: `消息通知 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const TABS: { key: MessageTab; label: string; count: keyof MessageCounts }[] = [
  { key: "answer", label: "回答", count: "unreadAnswerCount" },
  { key: "follow", label: "关注", count: "unreadFollowCount" },
  { key: "praise", label: "点赞", count: "unreadPraiseCount" },
  { key: "system", label: "系统", count: "unreadSystemCount" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, viewer, url } = await personalContext(request, context);
  if (!viewer) return { header: null, counts: null, page: null, tab: MESSAGE_TAB.ANSWER as MessageTab };
  const raw = url.searchParams.get("tab");
  const tab = (Object.values(MESSAGE_TAB) as string[]).includes(raw ?? "") ? (raw as MessageTab) : MESSAGE_TAB.ANSWER;
  const [header, counts, page] = await Promise.all([
    personalHeader(db, viewer.userId),
    messageCounts({ db, userId: viewer.userId }),
    messagePage({ db, userId: viewer.userId, tab, isRead: null, pageNo: intParam(url, "page", 1), pageSize: MESSAGE_PAGE_SIZE }),
  ]);
  return { header, counts, page, tab };
}

export default function PersonalMessages() {
  const data = useLoaderData<typeof loader>();
  const [counts, setCounts] = useState(data.counts);
  const [items, setItems] = useState<MessageItem[]>(data.page?.messageList ?? []);
  const pending = useRef(new Set<number>());
  useEffect(() => {
    setCounts(data.counts);
    setItems(data.page?.messageList ?? []);
  }, [data]);

  const markRead = async (id: number) => {
    if (pending.current.has(id)) return;
    pending.current.add(id);
    const res = await callResult((o) => client.api.qa.messageNotice.updateMessageStatus.$post({ json: { messageIds: [id] } }, o));
    pending.current.delete(id);
    if (!res.ok || !res.data) return;
    const { updated: _updated, ...next } = res.data;
    setCounts(next);
    setItems((list) => list.map((m) => (m.messageId === id ? { ...m, isRead: 1 } : m)));
  };

  return (
    <PersonalShell active="message" header={data.header} unread={counts?.unreadTotal}>
      {data.page && counts && (
        <section className="personal-card" aria-labelledby="messages-title">
          <h2 id="messages-title" className="personal-card__title">消息通知</h2>
          <ul className="message-tabs">
            {TABS.map((t) => (
              <li key={t.key}>
                <a href={`?tab=${t.key}`} aria-current={t.key === data.tab ? "page" : undefined} data-tab={t.key}>
                  {t.label}
                  <Badge count={counts[t.count]} overflowCount={BADGE_MAX} size="small" data-count={counts[t.count]} />
                  <span className="visually-hidden">，{counts[t.count]} 条未读</span>
                </a>
              </li>
            ))}
          </ul>
          <MessageList items={items} onRead={(id) => void markRead(id)} />
          <ListPager total={data.page.total} pageNo={data.page.pageNo} pageSize={data.page.pageSize} sizes={false} />
        </section>
      )}
    </PersonalShell>
  );
}
