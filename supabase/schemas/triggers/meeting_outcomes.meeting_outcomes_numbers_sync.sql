CREATE TRIGGER meeting_outcomes_numbers_sync AFTER UPDATE ON public.meeting_outcomes FOR EACH ROW EXECUTE FUNCTION meeting_outcomes_numbers_sync();
