/** The product mark: a levy ticket with a perforation and a road running through it. */
export function Logo({ size = 40, title = 'E-Ticketing logo' }: { size?: number; title?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={title}>
      <rect width="64" height="64" rx="14" fill="#0b7a5a" />
      <path d="M10 20a4 4 0 0 1 4-4h36a4 4 0 0 1 4 4v6a6 6 0 0 0 0 12v6a4 4 0 0 1-4 4H14a4 4 0 0 1-4-4v-6a6 6 0 0 0 0-12z" fill="#f4fbf8" />
      <path d="M24 19v26" stroke="#0b7a5a" strokeWidth="2" strokeDasharray="3 3" />
      <path d="M33 42l5-20h6l5 20" fill="none" stroke="#f2a413" strokeWidth="3" strokeLinejoin="round" />
      <path d="M41 26v3M41 33v3" stroke="#0b7a5a" strokeWidth="2" strokeLinecap="round" />
      <circle cx="17" cy="32" r="3" fill="#0b7a5a" />
    </svg>
  );
}
