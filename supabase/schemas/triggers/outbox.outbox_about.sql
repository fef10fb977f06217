CREATE TRIGGER outbox_about BEFORE INSERT ON public.outbox FOR EACH ROW EXECUTE FUNCTION outbox_about();
