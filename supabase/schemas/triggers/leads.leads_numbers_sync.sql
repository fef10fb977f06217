CREATE TRIGGER leads_numbers_sync AFTER UPDATE OF created_at, first_touch, last_touch, segmento, faturamento, servico, routing_kind ON public.leads FOR EACH ROW EXECUTE FUNCTION leads_numbers_sync();
