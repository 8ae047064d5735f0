// /workbench (spec 3 §2): the assessment workbench of the selected card (?type=<cardId> or the surveyType cookie).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, data, redirect, useLoaderData } from "react-router";
import { antdWorkbenchCss } from "../styles/antd";
import workbenchCss from "../workbench/workbench.css?url";
import { Workbench } from "../workbench/Workbench";
import { useRootData } from "../lib/use-root-data";
import { SITE_NAME } from "../lib/site";
import { getViewer } from "../lib/viewer.server";
import { loadWorkbench, SURVEY_TYPE_COOKIE } from "../workbench/workbench.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdWorkbenchCss },
  { rel: "stylesheet", href: workbenchCss },
];

export const meta: MetaFunction = () => [{ title: `节能评估工作台 - ${SITE_NAME}` }, { name: "description", content: "填写节能评估调查表，生成节能诊断报告" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await getViewer(request, env);
  if (!viewer) throw redirect("/homePage");
  const result = await loadWorkbench(env, viewer.userId, request);
  // Only when no card is open at all.
  if (!result) throw redirect("/homePage");
  return data(result.data, { headers: { "set-cookie": `${SURVEY_TYPE_COOKIE}=${result.data.card.id}; Path=/; Max-Age=2592000; SameSite=Lax` } });
}

export default function WorkbenchRoute() {
  const data = useLoaderData<typeof loader>();
  const { viewer } = useRootData();
  if (!viewer) return null;
  return <Workbench data={data} viewer={viewer} />;
}
