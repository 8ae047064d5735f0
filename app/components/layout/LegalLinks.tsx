// Links that open the user agreement or privacy policy in a dialog (used by the footer and login forms).
// The dialog and the texts load on first click, so the footer costs public pages almost no JavaScript.
import { lazy, Suspense, useState } from "react";
import { LEGAL_TITLES, type LegalDocKey } from "../legal/legal-titles";

const LegalDialog = lazy(() => import("./LegalDialog"));

export function LegalLink({ which, className }: { which: LegalDocKey; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`link-button ${className ?? ""}`} onClick={() => setOpen(true)}>
        《{LEGAL_TITLES[which]}》
      </button>
      {open && (
        <Suspense fallback={null}>
          <LegalDialog which={which} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
