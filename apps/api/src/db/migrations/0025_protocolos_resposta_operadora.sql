-- Issue 17, "Answers back" (decision 0032): the operator answers a protocol through the integration
-- API. Who answered (`integracao:<key id>`), and the PDF the operator may attach (checked by its
-- `%PDF-` header, at most 5 MB) with its SHA-256 (a repeated identical answer is recognised by it).
alter table protocolos add column respondido_por text;
alter table protocolos add column resposta_pdf bytea;
alter table protocolos add column resposta_pdf_sha256 char(64);

-- The operator's queue: protocols still waiting, by deadline.
create index protocolos_fila_idx on protocolos (prazo_resposta, numero) where situacao in ('ABERTO', 'EM_ANALISE');
