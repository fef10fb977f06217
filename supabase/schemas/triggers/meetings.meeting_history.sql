CREATE TRIGGER meeting_history AFTER INSERT OR UPDATE ON public.meetings FOR EACH ROW EXECUTE FUNCTION meeting_history();
