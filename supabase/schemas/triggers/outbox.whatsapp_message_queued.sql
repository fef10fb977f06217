CREATE TRIGGER whatsapp_message_queued AFTER INSERT ON public.outbox FOR EACH ROW WHEN ((new.kind = 'whatsapp'::text)) EXECUTE FUNCTION whatsapp_message_queued();
