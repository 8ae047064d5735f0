// The agreement or privacy-policy dialog. Loaded on first use (LegalLinks), with the texts themselves.
import Modal from "antd/es/modal";
import { privacyPolicy, userAgreement, type LegalDoc } from "../legal/legal";
import type { LegalDocKey } from "../legal/legal-titles";

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

export default function LegalDialog({ which, onClose }: { which: LegalDocKey; onClose: () => void }) {
  const doc = which === "agreement" ? userAgreement : privacyPolicy;
  return (
    <Modal title={doc.title} open onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <LegalBody doc={doc} />
    </Modal>
  );
}
