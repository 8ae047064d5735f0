// /workbench/plant (issue 22 item 9): the plant energy balance of one of the caller's enterprises (?company=),
// read from the caller's surveys. Not nested in /workbench's layout (the trailing underscore).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect, useLoaderData } from "react-router";
import { antdWorkbenchCss } from "../styles/antd";
import workbenchCss from "../workbench/workbench.css?url";
import plantCss from "../workbench/plant/plant.css?url";
import { PlantSummaryPage } from "../workbench/plant/PlantSummary";
import { loadPlantPage } from "../workbench/plant/plant.server";
import { useRootData } from "../lib/use-root-data";
import { SITE_NAME } from "../lib/site";
import { getViewer } from "../lib/viewer.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdWorkbenchCss },
  { rel: "stylesheet", href: workbenchCss },
  { rel: "stylesheet", href: plantCss },
];

export const meta: MetaFunction = () => [{ title: `全厂能源平衡 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await getViewer(request, env);
  if (!viewer) throw redirect("/homePage");
  return loadPlantPage(env, viewer.userId, request);
}

export default function PlantRoute() {
  const data = useLoaderData<typeof loader>();
  const { viewer } = useRootData();
  if (!viewer) return null;
  return <PlantSummaryPage data={data} viewer={viewer} />;
}
