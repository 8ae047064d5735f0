import { useRouteLoaderData } from "react-router";
import type { loader } from "../root";

/** The root loader's data (viewer, device, config) from any component. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  return data ?? { viewer: null, isMobile: false, bookLibraryUrl: "", renderedAt: Date.now() };
}
