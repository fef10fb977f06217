CREATE TRIGGER meetings_equal_check BEFORE INSERT ON public.meetings FOR EACH ROW WHEN ((new.routing IS NOT NULL)) EXECUTE FUNCTION meetings_equal_check();
