// The saving indicator's state shared by the workbench header and every save of the form (answers and title): saving,
// failing (retried) or saved. Apart from form-store.ts so the workbench's first load (list and tree) does not carry the
// form's rules and the survey contract's schemas.

export type SaveStatus = "idle" | "saving" | "saved" | "error";

/** The saving indicator shared by the header and every save (answers and title). */
export class SaveTracker {
  private active = 0;
  private failing = new Set<string>();
  private listeners = new Set<() => void>();
  private everSaved = false;
  status: SaveStatus = "idle";

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  getStatus = () => this.status;

  private update() {
    const next: SaveStatus = this.active > 0 ? "saving" : this.failing.size ? "error" : this.everSaved ? "saved" : "idle";
    if (next !== this.status) {
      this.status = next;
      this.listeners.forEach((l) => l());
    }
  }
  begin() {
    this.active++;
    this.update();
  }
  end(id: string, ok: boolean) {
    this.active = Math.max(0, this.active - 1);
    if (ok) {
      this.failing.delete(id);
      this.everSaved = true;
    } else this.failing.add(id);
    this.update();
  }
  reset() {
    this.active = 0;
    this.failing.clear();
    this.everSaved = false;
    this.update();
  }
}
