CREATE TRIGGER conversion_deal_won AFTER INSERT OR UPDATE OF stage ON public.deals FOR EACH ROW EXECUTE FUNCTION conversion_deal_won();
