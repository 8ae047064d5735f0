// Links that open the user agreement or privacy policy in a dialog (used by the footer and login forms).
// The dialog code loads on first click, so the footer costs public pages almost no JavaScript.
import { lazy, Suspense, useState } from "react";
import { privacyPolicy, userAgreement, type LegalDoc } from "../../portal/legal";

const Modal = lazy(() => import("antd/es/modal"));

function LegalBody({ doc }: { doc: LegalDoc }) {
  return (
    <div className="legal-doc">
      <p className="legal-doc__updated">更新日期：{doc.updated}</p>
      {doc.sections.map((s) => (
        <section key={s.heading}>
          <h3>{s.heading}</h3>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

export function LegalLink({ which, className }: { which: "agreement" | "privacy"; className?: string }) {
  const [open, setOpen] = useState(false);
  const doc = which === "agreement" ? userAgreement : privacyPolicy;
  return (
    <>
      <button type="button" className={`link-button ${className ?? ""}`} onClick={() => setOpen(true)}>
        《{doc.title}》
      </button>
      {open && (
        <Suspense fallback={null}>
          <Modal title={doc.title} open onCancel={() => setOpen(false)} footer={null} width={720} destroyOnHidden>
            <LegalBody doc={doc} />
          </Modal>
        </Suspense>
      )}
    </>
  );
}
