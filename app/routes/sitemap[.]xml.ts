// /sitemap.xml: public pages and every published question (built by the Q&A SEO service).
import type { LoaderFunctionArgs } from "react-router";
import { getDb } from "../../workers/lib/db";
import { buildSitemap } from "../../workers/services/qa/seo";

const PORTAL_PAGES = ["/homePage", "/login", "/about", "/electricDetail", "/machineDetail", "/costDetail"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const xml = await buildSitemap({ db: getDb(context.cloudflare.env.DB), origin: new URL(request.url).origin, publicPaths: PORTAL_PAGES });
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=600" } });
}
