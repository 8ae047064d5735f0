// Whether the workbench is on a phone-sized screen (the 767 px breakpoint of workbench.css). The server and the
// first client render assume a desktop (useSyncExternalStore's server snapshot), so hydration always matches; a
// phone then re-renders with its narrow layout.
import { useSyncExternalStore } from "react";

export const NARROW_QUERY = "(max-width: 767px)";

function subscribe(onChange: () => void) {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
