// The SQL functions taking one jsonb argument and answering one jsonb (the painel's, routing's, the
// follow-up's): Store.call runs only these names, in both adapters.
export const JSON_FUNCTIONS = [
  'painel_log', 'painel_request_code', 'painel_sign_in', 'painel_session', 'painel_sign_out', 'painel_meetings', 'painel_meeting',
  'painel_record_outcome', 'painel_leads', 'painel_lead', 'painel_lead_email', 'painel_activity_list', 'painel_recent_actions', 'painel_pending_outcomes',
  'painel_queue_daily_mail', 'painel_consultants', 'painel_purge',
  // Who acted on a meeting from the painel (20261129000000_painel_meeting_actions.sql).
  'painel_meeting_actions',
  // The leads' own cancellations and moves, for the morning mail (20261129000100_painel_lead_changes.sql).
  'painel_lead_changes',
  // Routing (issue 19): the router's facts.
  'routing_state',
  // Routing settings, the stored why, the month's report (20261127000300_routing_admin.sql).
  'routing_admin', 'routing_why', 'routing_report',
  // The qualification rules, edited in the painel (20261130030000_routing_rules.sql).
  'routing_rules',
  // "Preencheu mas não agendou" (20261127000200_lead_followup.sql).
  'lead_followup_due', 'lead_followup_queue', 'lead_followup_link',
  // Its caps (20261129100200_followup_caps.sql): where a lead came from, and the skips for the report.
  'lead_source_record', 'lead_followup_skips',
  // Its budgets by tier and retries, on the Integrações screen (20261201120000_followup_budgets.sql).
  'lead_followup_health',
  // RD Station and webhook deliveries (20261128000000_integrations.sql).
  'integration_configure', 'integration_claim', 'integration_result', 'integration_resend', 'integration_deliveries',
  // The mentor's Integrações screen (20261130030100_integrations_summary.sql).
  'integration_summary', 'integration_resend_failed',
  // LGPD erasure by person identity, upcoming meetings cancelled first (20261129100100_erasure_by_identity.sql).
  'person_erasure_preview', 'person_erase',
  // "Enviar link para reagendar" and the booking link it mails (20261130010000_painel_rebook_link.sql).
  'painel_rebook_link', 'painel_rebook_open',
  // Reuniões' tab totals under the list's filters (20261130010100_painel_meeting_filters.sql).
  'painel_meeting_counts',
  // Números and Hoje (20261130020000_numbers.sql).
  'painel_numbers',
  // Qual campanha paga (20261201130300_campaign_money.sql).
  'painel_campaign_money',
  // One person, one lead: the rules leads were routed by (20261130000000_painel_person_leads.sql).
  'painel_lead_rules',
  // Negociações on a lead (20261201130000_deals.sql).
  'painel_deals', 'painel_deal_save', 'painel_deals_export',
  // Gastos com anúncios and the campaign map (20261201130400_spend_import.sql).
  'spend_import', 'spend_undo', 'spend_imports_list', 'campaign_map_list', 'campaign_map_save',
  // The leads CSV's deals, read once for every page (20261201150200_export_deals.sql).
  'painel_export_deals',
  // Meetings whose consultant is inactive or off then (painel/orphaned-meetings.ts).
  'painel_orphaned_meetings',
  // Each integration's state facts, and "Precisa de você" (20261201151000_needs_you_integration_health.sql).
  'integration_health', 'painel_needs_you',
  // Google Ads' offline-conversion files and their secret link (20261201152500_google_conversion_file.sql).
  'google_file_rows', 'google_file_settings',
  // The mentor's measurement basis for the ad platforms' conversions (20261201152000_conversions.sql).
  'measurement_settings_save',
  // The WhatsApp experiment in Números and the WhatsApp card of Integrações (20261201153500_whatsapp_painel.sql).
  'painel_whatsapp_show_rate', 'painel_whatsapp_health',
  // WhatsApp messages: their leases, Meta's answers and statuses, the e-mail fallback, "PARAR"
  // (20261201153000_whatsapp.sql).
  'whatsapp_claim', 'whatsapp_result', 'whatsapp_status', 'whatsapp_fallback', 'whatsapp_stop', 'whatsapp_recipient',
] as const;
export type JsonFunction = (typeof JSON_FUNCTIONS)[number];

/** Both adapters put the name in SQL or an RPC path: only the listed names pass, whatever a caller's types said. */
export function assertJsonFunction(fn: string): void {
  if (!(JSON_FUNCTIONS as readonly string[]).includes(fn)) throw Object.assign(new Error('unknown json function'), { code: 'json_function' });
}
