// Does a page route serve this path, or only the catch-all ($.tsx)? The Worker asks once per page request and puts
// the answer in the load context, so the root loader can let unknown paths reach the 404 page instead of sending
// visitors to /homePage as it does for protected pages.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

const CATCH_ALL = "routes/$";

function tree(routes: ServerBuild["routes"], parentId: string | undefined): RouteObject[] {
  return Object.values(routes).flatMap((r): RouteObject[] => {
    if (!r || r.parentId !== parentId) return [];
    return [r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(routes, r.id) }];
  });
}

/** A matcher over the build's routes: true when a route other than the catch-all serves the path. */
export function knownPathMatcher(routes: ServerBuild["routes"]): (pathname: string) => boolean {
  const roots = tree(routes, undefined);
  return (pathname) => {
    // Single-fetch data requests: /x.data for /x, /_root.data for /.
    const path = pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "") || "/";
    const matches = matchRoutes(roots, path);
    return !!matches && matches[matches.length - 1].route.id !== CATCH_ALL;
  };
}
