CREATE TRIGGER meetings_lead_created_at BEFORE INSERT ON public.meetings FOR EACH ROW EXECUTE FUNCTION meetings_lead_created_at();
