CREATE TRIGGER integration_outcome AFTER INSERT ON public.meeting_outcomes FOR EACH ROW EXECUTE FUNCTION integration_outcome();
