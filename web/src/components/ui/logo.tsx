/** The school's mark: a stylised "A" on a terracotta tile, plus the name. Decorative; links name it. */
export function LogoMark({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#9a3412" />
      <path d="M32 12 14 52h8l4-10h12l4 10h8L32 12zm-3.5 23L32 25.5 35.5 35h-7z" fill="#fff" />
    </svg>
  );
}
