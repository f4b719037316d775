-- Issue 31, four eyes (decisions 0053 and 0065): a supervisor who is not its author may refuse an
-- approval awaiting confirmation, with a reason. The proposal is cleared (the request is back in
-- analysis) and the refusal is kept here — amount, who approved, who refused, when, why — so the
-- console tells the approver; the reason is also an internal note (notas_internas), never shown to
-- the member or sent in a webhook. A new approval, a request for documents or a denial clears it.

alter table reembolsos
  add column aprovacao_recusada_centavos integer check (aprovacao_recusada_centavos > 0),
  add column aprovacao_recusada_de       uuid references equipe_contas,
  add column aprovacao_recusada_por      uuid references equipe_contas,
  add column aprovacao_recusada_em       timestamptz,
  add column aprovacao_recusada_motivo   text check (char_length(aprovacao_recusada_motivo) between 1 and 500),
  add constraint reembolsos_aprovacao_recusada_check check (
    (aprovacao_recusada_por is null) = (aprovacao_recusada_centavos is null)
    and (aprovacao_recusada_por is null) = (aprovacao_recusada_de is null)
    and (aprovacao_recusada_por is null) = (aprovacao_recusada_em is null)
    and (aprovacao_recusada_por is null) = (aprovacao_recusada_motivo is null)
    and (aprovacao_recusada_por is null or aprovacao_recusada_por <> aprovacao_recusada_de));
