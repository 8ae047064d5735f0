// Q&A routes start at the top after a navigation (links, pagination, search); back/forward keep the
// position Remix's ScrollRestoration restores.
import { useLocation, useNavigationType } from "react-router";
import { useEffect, useRef } from "react";

export function useScrollTopOnNavigate() {
  const location = useLocation();
  const type = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (type !== "POP" && !location.hash && !(location.state as { keepScroll?: boolean } | null)?.keepScroll) {
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    }
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps
}
