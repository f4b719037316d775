-- Issue 31, "The estimate in plain words": the parts of the estimate as they were computed when the
-- request was sent (the table line's amount and name, the plan's multiple, the co-participation
-- share and amount, whether the amount paid capped it), so the request's detail and Meus Protocolos
-- explain the figure the member was shown, not one recomputed from a table changed since.
-- valor_previa_centavos stays the estimate itself. Requests sent before this keep only that figure
-- (the parts are null together); a request whose kind had no table line has neither.

alter table reembolsos
  add column previa_tabela_centavos            integer check (previa_tabela_centavos > 0),
  add column previa_multiplo                   numeric(5, 2) check (previa_multiplo > 0),
  add column previa_coparticipacao_centavos    integer check (previa_coparticipacao_centavos >= 0),
  add column previa_coparticipacao_percentual  numeric(5, 2)
    check (previa_coparticipacao_percentual >= 0 and previa_coparticipacao_percentual <= 100),
  add column previa_referencia                 text,
  add column previa_limitada                   boolean,
  add constraint reembolsos_previa_partes_check check (
    (previa_tabela_centavos is null and previa_multiplo is null and previa_coparticipacao_centavos is null
      and previa_coparticipacao_percentual is null and previa_referencia is null and previa_limitada is null)
    or (valor_previa_centavos is not null and previa_tabela_centavos is not null and previa_multiplo is not null
      and previa_coparticipacao_centavos is not null and previa_coparticipacao_percentual is not null
      and previa_referencia is not null and previa_limitada is not null));
