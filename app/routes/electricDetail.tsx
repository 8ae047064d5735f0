import { detailLoader } from "../portal/detail-route.server";
import { DetailRoute, detailMeta } from "../portal/components/DetailRoute";

export const loader = detailLoader("motor");
export const meta = detailMeta;
export default DetailRoute;
