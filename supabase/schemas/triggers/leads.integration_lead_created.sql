CREATE TRIGGER integration_lead_created AFTER INSERT ON public.leads FOR EACH ROW EXECUTE FUNCTION integration_lead_created();
