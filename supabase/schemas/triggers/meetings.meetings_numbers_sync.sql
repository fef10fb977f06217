CREATE TRIGGER meetings_numbers_sync AFTER UPDATE OF status, lead_id ON public.meetings FOR EACH ROW EXECUTE FUNCTION meetings_numbers_sync();
