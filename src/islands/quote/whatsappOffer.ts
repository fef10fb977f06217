// Asks the server once per page whether the form offers the WhatsApp box (GET apiPaths.whatsapp). Any
// failure is "not offered": the box is an extra, never a reason to hold the form.
import { apiPaths, type WhatsAppOffer } from '../../domain/api';
import { $whatsappOffered } from '../store';

let asked = false;

export function askWhatsAppOffer(): void {
  if (asked) return;
  asked = true;
  void fetch(apiPaths.whatsapp, { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<WhatsAppOffer>) : null))
    .then((answer) => $whatsappOffered.set(answer?.offered === true))
    .catch(() => undefined);
}
