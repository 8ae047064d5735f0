// antd Modal loaded on first open, so list and detail pages do not ship it in their first download.
import { lazy, Suspense, type ComponentProps } from "react";

const Modal = lazy(() => import("antd/es/modal"));

export function LazyModal(props: ComponentProps<typeof Modal>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Modal destroyOnHidden {...props} />
    </Suspense>
  );
}
