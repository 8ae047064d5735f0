// Route component and meta shared by /electricDetail, /machineDetail and /costDetail.
import { type MetaFunction, useLoaderData } from "react-router";
import { PageShell } from "../../components/layout/PageShell";
import { useRootData } from "../../lib/use-root-data";
import { SITE_NAME } from "../../lib/site";
import { canonical } from "../../lib/seo";
import { detailPages, type DetailContent } from "../detail-content";
import { DetailPage } from "./DetailPage";

export function detailMeta(code: DetailContent["cardCode"]): MetaFunction {
  const content = detailPages[code];
  return ({ matches }) => [
    { title: `${content.title} - ${SITE_NAME}` },
    { name: "description", content: content.metaDescription },
    canonical(matches, content.path),
  ];
}

export function DetailRoute() {
  const { code, cardId } = useLoaderData<{ code: DetailContent["cardCode"]; cardId: number | null }>();
  const { viewer } = useRootData();
  return (
    <PageShell>
      <DetailPage content={detailPages[code]} cardId={cardId} loggedIn={Boolean(viewer)} />
    </PageShell>
  );
}
