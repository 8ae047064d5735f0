// A small accessible banner carousel: one visible slide (others visibility:hidden, so neither focusable nor read), dots, autoplay.
import { useEffect, useState, type ReactNode } from "react";

export function Banner({ slides, intervalMs = 5000, label }: { slides: { key: string; content: ReactNode }[]; intervalMs?: number; label: string }) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || slides.length < 2) return;
    const t = setInterval(() => setActive((i) => (i + 1) % slides.length), intervalMs);
    return () => clearInterval(t);
  }, [paused, slides.length, intervalMs]);
  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((s, i) => (
        <div
          key={s.key}
          className={`banner__slide${i === active ? " is-active" : ""}`}
          role="group"
          aria-roledescription="slide"
          aria-label={`第 ${i + 1} 张，共 ${slides.length} 张`}
          aria-hidden={i === active ? undefined : true}
        >
          {s.content}
        </div>
      ))}
      <div className="banner__dots">
        {slides.map((s, i) => (
          <button
            key={s.key}
            type="button"
            className={i === active ? "is-active" : undefined}
            aria-label={`切换到第 ${i + 1} 张`}
            aria-current={i === active ? "true" : undefined}
            onClick={() => setActive(i)}
          />
        ))}
      </div>
    </section>
  );
}
