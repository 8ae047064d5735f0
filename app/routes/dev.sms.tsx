// /dev/sms (local only, APP_ENV=local): the dev SMS provider's outbox, so a developer can read login codes.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, Form, useLoaderData } from "react-router";
import accountsCss from "../accounts/accounts.css?url";
import { getDb } from "../../workers/lib/db";
import { chinaDateTimeSeconds } from "../../workers/lib/china-time";
import { readOutbox } from "../../workers/services/accounts/sms-codes";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];

export const meta: MetaFunction = () => [{ title: "短信发件箱（本地开发）" }, { name: "robots", content: "noindex" }];

const SMS_TYPE_LABEL: Record<number, string> = { 1: "注册", 2: "登录", 3: "修改/找回密码", 4: "换绑/绑定手机" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  if (env.APP_ENV !== "local") throw new Response("Not Found", { status: 404 });
  const phone = new URL(request.url).searchParams.get("phone")?.trim() || null;
  const rows = await readOutbox({ db: getDb(env.DB), phone, limit: 50 });
  return { phone, rows: rows.map((r) => ({ id: r.id, phone: r.phone, type: r.type, code: r.code, content: r.content, createdAt: r.createdAt })) };
}

export default function DevSmsOutbox() {
  const { phone, rows } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="dev-sms container">
      <h1>短信发件箱（本地开发）</h1>
      <p>本地开发模式不会真正发送短信，发送的验证码记录在这里。仅在 APP_ENV=local 时可用。</p>
      <Form method="get" className="dev-sms__filter">
        <label htmlFor="dev-sms-phone">手机号</label>
        <input id="dev-sms-phone" name="phone" defaultValue={phone ?? ""} maxLength={11} inputMode="numeric" />
        <button type="submit">筛选</button>
        <a href="/dev/sms">全部</a>
      </Form>
      {rows.length === 0 ? (
        <p>暂无短信。</p>
      ) : (
        <table className="dev-sms__table">
          <thead>
            <tr>
              <th scope="col">时间</th>
              <th scope="col">手机号</th>
              <th scope="col">类型</th>
              <th scope="col">验证码</th>
              <th scope="col">内容</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{chinaDateTimeSeconds(r.createdAt)}</td>
                <td>{r.phone}</td>
                <td>{SMS_TYPE_LABEL[r.type] ?? r.type}</td>
                <td>
                  <code className="dev-sms__code">{r.code}</code>
                </td>
                <td>{r.content}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
