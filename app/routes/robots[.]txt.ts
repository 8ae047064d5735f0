// robots.txt with an absolute sitemap address (crawlers require one); private areas are excluded.
import type { LoaderFunctionArgs } from "react-router";

export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const body = ["User-agent: *", "Allow: /", "Disallow: /workbench", "Disallow: /personal/", "Disallow: /api/", "Disallow: /dev/", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
