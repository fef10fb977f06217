// A phone as the team uses it: the number (tel:) and "WhatsApp" beside it (painel-polish #8).
import { maskPhone } from '../../domain/phone';
import { whatsappUrl } from './format';
import { ui } from './styles';

export function PhoneLinks({ phone }: { phone: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3">
      <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={ui.link}>
        {maskPhone(phone)}
      </a>
      <a href={whatsappUrl(phone)} target="_blank" rel="noopener noreferrer" className={ui.link}>
        WhatsApp
      </a>
    </span>
  );
}
