// The root loader's data (app/root.tsx), as its own module so components that read it (useRootData) do not import
// the root route, which imports them back.
import type { Viewer } from "./viewer";

export interface RootData {
  viewer: Viewer | null;
  isMobile: boolean;
  bookLibraryUrl: string;
  filing: { icp: string; psb: string };
  origin: string;
  /** The server's clock for this render: text that depends on "now" (the footer's year) uses it on both sides. */
  renderedAt: number;
}
