import { detailLoader } from "../portal/detail-route.server";
import { DetailRoute, detailMeta } from "../portal/components/DetailRoute";

export const loader = detailLoader("electricity");
export const meta = detailMeta;
export default DetailRoute;
