// The product mark: a leaf inside a power ring, drawn inline so it costs no request.
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#0a7d4f" />
      <path d="M16 6.5a9.5 9.5 0 1 0 6.7 2.8" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M11 20.5c0-6 4.5-9.5 11-9.5 0 6.5-3.8 11-9.4 11-.6 0-1.1-.1-1.6-.2l3.8-4.6-4.6 3.7c-.1-.1.8-.4.8-.4z" fill="#b7f0cf" />
    </svg>
  );
}

export function Logo({ light = false }: { light?: boolean }) {
  return (
    <span className={`logo${light ? " logo--light" : ""}`}>
      <LogoMark />
      <span className="logo__text">
        <strong>绿能评估</strong>
        <small>节能评估 · 能源问答</small>
      </span>
    </span>
  );
}
