import { useRouteLoaderData } from "react-router";
import type { RootData } from "./root-data";

/** The root loader's data (viewer, device, config) from any component. */
export function useRootData() {
  const data = useRouteLoaderData<RootData>("root");
  return data ?? { viewer: null, isMobile: false, bookLibraryUrl: "", renderedAt: Date.now() };
}
