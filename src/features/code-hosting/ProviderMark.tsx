/** A small branch mark beside GitHub actions (the provider's own logo is theirs to show). */
export function ProviderMark({ size = 16 }: { size?: number }) {
  return (
    <svg aria-hidden width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
      <circle cx="4" cy="3.5" r="1.75" />
      <circle cx="4" cy="12.5" r="1.75" />
      <circle cx="12" cy="5.5" r="1.75" />
      <path d="M4 5.25v5.5M12 7.25c0 2.5-2.5 3-6.5 4.25" />
    </svg>
  )
}
