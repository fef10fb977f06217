CREATE TRIGGER outbox_keep_secrets_apart BEFORE INSERT OR UPDATE ON public.outbox FOR EACH ROW EXECUTE FUNCTION outbox_keep_secrets_apart();
