// Edit-question submit (spec 2 §4): debounced 500 ms, then locked for 1.5 s after a successful save.
import { useCallback, useEffect, useRef, useState } from "react";

export const SAVE_DEBOUNCE_MS = 500;
export const SAVE_LOCK_MS = 1500;

export function useDebouncedSave<T>(save: (value: T) => Promise<boolean>) {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef<(() => void) | null>(null);
  const lockedRef = useRef(false);
  const [locked, setLocked] = useState(false);
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => () => clearTimeout(timer.current), []);

  const trigger = useCallback(
    (value: T) =>
      new Promise<void>((resolve) => {
        clearTimeout(timer.current);
        pending.current?.(); // a superseded click settles without saving
        pending.current = resolve;
        timer.current = setTimeout(async () => {
          pending.current = null;
          if (lockedRef.current) return resolve();
          const ok = await saveRef.current(value);
          if (ok) {
            lockedRef.current = true;
            setLocked(true);
            setTimeout(() => {
              lockedRef.current = false;
              setLocked(false);
            }, SAVE_LOCK_MS);
          }
          resolve();
        }, SAVE_DEBOUNCE_MS);
      }),
    [],
  );
  return { trigger, locked };
}
