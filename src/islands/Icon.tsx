// The islands' icon: the same 24×24 stroke drawing as Icon.astro, from the same paths
// (src/components/ui/icon-paths.ts). Always decorative: the control around it carries the name.
export function Icon({ path, className = 'size-5' }: { path: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}
