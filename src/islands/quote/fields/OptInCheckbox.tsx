// An optional, unticked consent of the form (measuring the ads, WhatsApp, content by e-mail): each is a
// separate choice of the visitor (LGPD), never implied by accepting the privacy policy.
interface Props {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The space above it: the first box after the fields is further from them. */
  spacing?: 'mt-5' | 'mt-6';
}

export function OptInCheckbox({ id, label, checked, onChange, spacing = 'mt-5' }: Props) {
  return (
    <div className={`${spacing} flex items-start gap-3`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded border-slate-400 accent-amber-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-2"
      />
      <label htmlFor={id} className="cursor-pointer text-base text-slate-800">
        {label}
      </label>
    </div>
  );
}
