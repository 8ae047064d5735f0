// Route component and meta shared by the card detail pages; the content comes from the loader
// (app/portal/detail-route.server.ts), read from the card's folder.
import { type MetaFunction, useLoaderData } from "react-router";
import { PageShell } from "../../components/layout/PageShell";
import { useRootData } from "../../lib/use-root-data";
import { SITE_NAME } from "../../lib/site";
import { canonical } from "../../lib/seo";
import type { DetailData } from "../detail-route.server";
import { DetailPage } from "./DetailPage";

export const detailMeta: MetaFunction = ({ data, matches }) => {
  const page = data as DetailData | undefined;
  if (!page) return [{ title: SITE_NAME }];
  return [{ title: `${page.detail.title} - ${SITE_NAME}` }, { name: "description", content: page.detail.metaDescription }, canonical(matches, page.path)];
};

export function DetailRoute() {
  const { detail, cardId } = useLoaderData<DetailData>();
  const { viewer } = useRootData();
  return (
    <PageShell>
      <DetailPage content={detail} cardId={cardId} loggedIn={Boolean(viewer)} />
    </PageShell>
  );
}
