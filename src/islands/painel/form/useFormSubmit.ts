// What every painel form keeps the same way: one send at a time (busy meanwhile; a second press or Enter
// does nothing), the answer as a status or an alert (Notice), and errors beside their fields with the focus
// on the first invalid field in the form's own order, so a keyboard or screen-reader user lands on it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Message } from '../ui';

export type FieldErrors<F extends string> = Partial<Record<F, string | null>>;

/** The first field marked aria-invalid under `root` takes the focus (a radio group: its first radio). */
export function focusFirstInvalid(root: HTMLElement | null) {
  const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  (invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input') : invalid)?.focus();
}

export function useFormSubmit<F extends string = string>() {
  const root = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState<string | null>(null);
  // A ref, not the state: two presses in one frame both see the state of before the first.
  const inFlight = useRef(false);
  const [message, setMessage] = useState<Message>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // Bumped by each refusal, so the same errors again still move the focus.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals) focusFirstInvalid(root.current);
  }, [refusals]);

  /** Runs `work` unless a send is on its way (then undefined); `tag`: which action, for its button's words. */
  const send = useCallback(async <T>(work: () => Promise<T>, tag = 'submit'): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setSending(tag);
    setMessage(null);
    try {
      return await work();
    } finally {
      inFlight.current = false;
      setSending(null);
    }
  }, []);

  /** Shows these field errors in place of the last ones; with any, the last answer goes and the first invalid field takes the focus. True when there is one. */
  const refuse = useCallback((next: FieldErrors<F>) => {
    const refused = Object.values(next).some(Boolean);
    setErrors(next);
    if (refused) {
      setMessage(null);
      setRefusals((n) => n + 1);
    }
    return refused;
  }, []);

  return { root, busy: sending !== null, sending, send, message, setMessage, errors, refuse };
}
