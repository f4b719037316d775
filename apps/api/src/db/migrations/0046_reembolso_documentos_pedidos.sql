-- Issue 31, "Pedir documentos" stores what was ticked (decision 0058): the documents of the
-- console's checklist are kept as data beside the text the member reads, so the member's answer
-- preselects the document asked for (never a guess from the words) and the server accepts only
-- the documents asked for (or 'outro'). Empty: the request was free text only (or came from the
-- integration API, or before this migration) — the member then chooses any kind.
-- The two kinds of the checklist that an attachment could not be (laudo de exame, documento de
-- identidade) become kinds of attachment.

alter table reembolsos
  add column documentos_pedidos text[] not null default '{}'
    check (documentos_pedidos <@ array['relatorio_medico', 'comprovante_pagamento', 'nota_fiscal', 'pedido_medico',
                                       'laudo_exame', 'documento_identidade']::text[]
           and cardinality(documentos_pedidos) <= 6);

alter table reembolso_anexos drop constraint reembolso_anexos_documento_check;
alter table reembolso_anexos add constraint reembolso_anexos_documento_check check (documento in
  ('comprovante_pagamento', 'pedido_medico', 'nota_fiscal', 'relatorio_medico', 'laudo_exame', 'documento_identidade',
   'outro'));
