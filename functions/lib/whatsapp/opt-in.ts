// The WhatsApp opt-in as a lead stores it: only with the settings present and for a Brazilian mobile (the
// form shows the box only then; a box sent for anything else is not an opt-in). The experiment's group is
// drawn here, once: a lead's later requests repeat its key and never draw again.
import { whatsappNumber } from '../../../src/domain/phone';
import { WHATSAPP_OPT_IN_VERSION, type WhatsAppGroup } from '../../../src/domain/whatsapp';
import type { ServerEnv } from '../env';

export function whatsappOptInOf(env: Pick<ServerEnv, 'whatsapp'>, ticked: boolean, phone: string, random: () => number = Math.random): { version: string; group: WhatsAppGroup } | null {
  if (!ticked || !env.whatsapp || !whatsappNumber(phone)) return null;
  return { version: WHATSAPP_OPT_IN_VERSION, group: random() * 100 < env.whatsapp.holdoutPercent ? 'holdout' : 'whatsapp' };
}
