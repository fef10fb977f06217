CREATE TRIGGER integration_meeting_event AFTER INSERT ON public.meeting_events FOR EACH ROW EXECUTE FUNCTION integration_meeting_event();
