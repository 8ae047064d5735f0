// /homeUser (spec 1 §2): user centre variant — profile summary, my assessments and Q&A activity, settings tabs.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { antdFullCss } from "../styles/antd";
import accountsCss from "../accounts/accounts.css?url";
import { PageShell } from "../components/layout/PageShell";
import { UserCentre } from "../accounts/UserCentre";
import { loadUserSummary } from "../accounts/user-centre.server";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: accountsCss },
];

export const meta: MetaFunction = () => [{ title: `个人中心 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { summary: await loadUserSummary(request, context.cloudflare.env) };
}

export default function UserCentrePage() {
  const { summary } = useLoaderData<typeof loader>();
  return (
    <PageShell>
      <UserCentre summary={summary} />
    </PageShell>
  );
}
