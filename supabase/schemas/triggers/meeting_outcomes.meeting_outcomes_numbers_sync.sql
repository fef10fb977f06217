CREATE TRIGGER meeting_outcomes_numbers_sync AFTER INSERT OR DELETE OR UPDATE ON public.meeting_outcomes FOR EACH ROW EXECUTE FUNCTION meeting_outcomes_numbers_sync();
