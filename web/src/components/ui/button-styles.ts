/** Shared Tailwind classes so links that act as buttons and real buttons look alike. */
export const buttonStyles = {
  primary:
    "inline-flex items-center justify-center rounded-full bg-orange-800 px-5 py-2.5 font-semibold text-white hover:bg-orange-900 disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center rounded-full border-2 border-orange-800 bg-white px-5 py-2 font-semibold text-orange-800 hover:bg-orange-50",
  ghost:
    "inline-flex items-center justify-center rounded-full px-3 py-2 font-semibold text-slate-800 hover:bg-slate-100",
} as const;
