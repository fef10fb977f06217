import type { LeadField } from '../../../domain/lead';
import { errorId } from './ids';

/** The spec's message under a field, referenced by the control's aria-describedby. */
export function FieldError({ name, message }: { name: LeadField; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(name)} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
