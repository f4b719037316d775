-- 'Meus dados' (issue 8, LGPD art. 18, decision 0019).

-- Requests to correct data (art. 18 III): the operator reviews them; the portal never changes the
-- data itself.
create table correcoes_dados (
  protocolo       char(20) primary key references protocolos,
  cpf             char(11) not null references pessoas (cpf),
  codigo_contrato text not null references contratos,
  campo           text not null check (campo in ('NOME_SOCIAL', 'EMAIL', 'CELULAR', 'ENDERECO', 'OUTRO')),
  valor_correto   text not null check (char_length(valor_correto) between 1 and 300),
  observacao      text check (char_length(observacao) <= 500),
  criado_em       timestamptz not null
);
create index correcoes_dados_cpf_idx on correcoes_dados (cpf, criado_em desc);

-- The messages sent to a person are found by their contacts (the export).
create index outbox_destino_idx on outbox (destino, criado_em desc);
-- The partner asks whether a link's consent still stands.
create index consentimentos_link_jti_idx on consentimentos (link_jti);
