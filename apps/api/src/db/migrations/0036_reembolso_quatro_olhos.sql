-- Issue 31, "Confirm money" (decision 0053): above REEMBOLSO_QUATRO_OLHOS_ACIMA an approval made in
-- the staff console is a proposal until a supervisor who is not its author confirms it. The
-- proposal is kept here, apart from valor_aprovado_centavos/previsao_pagamento (which the member
-- and the webhooks read), so nothing of it reaches them before the confirmation.
-- Awaiting confirmation = aprovacao_proposta_por is set and aprovacao_confirmada_por is not.
-- Asking for documents or denying clears it; a confirmation keeps both names for the record.

alter table reembolsos
  add column aprovacao_proposta_centavos integer check (aprovacao_proposta_centavos > 0),
  add column aprovacao_proposta_previsao date,
  add column aprovacao_proposta_por      uuid references equipe_contas,
  add column aprovacao_proposta_em       timestamptz,
  add column aprovacao_confirmada_por    uuid references equipe_contas,
  add column aprovacao_confirmada_em     timestamptz,
  add constraint reembolsos_aprovacao_proposta_check check (
    (aprovacao_proposta_por is null) = (aprovacao_proposta_centavos is null)
    and (aprovacao_proposta_por is null) = (aprovacao_proposta_previsao is null)
    and (aprovacao_proposta_por is null) = (aprovacao_proposta_em is null)
    and (aprovacao_confirmada_por is null) = (aprovacao_confirmada_em is null)
    and (aprovacao_confirmada_por is null or aprovacao_proposta_por is not null)
    and (aprovacao_confirmada_por is null or aprovacao_confirmada_por <> aprovacao_proposta_por));
