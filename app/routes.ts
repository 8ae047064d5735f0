// Routes from file names under app/routes/, with Remix v2's flat-routes convention (unchanged by the move to React
// Router 7, docs/decisions/160-react-router-7.md).
import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

export default flatRoutes() satisfies RouteConfig;
