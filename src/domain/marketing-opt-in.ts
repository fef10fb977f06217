// The e-mail marketing opt-in (issue 20): a box of its own, unticked by default, apart from the privacy
// policy's acceptance. Its wording is fixed (it is what the visitor agrees to: the RD Station conversion is
// sent with available_for_mailing only for a ticked box), so it lives here, not in the editable content.
export const MARKETING_OPT_IN_LABEL = 'Quero receber conteúdos por e-mail';
