import { formatBRL } from '@portal/br';
import {
  BUSCA_ATENDIMENTO,
  PAPEIS_REEMBOLSO,
  type PessoaEncontrada,
  ROTULOS_CRITERIO_BUSCA,
  ROTULOS_TIPO_REEMBOLSO,
} from '@portal/contract';
import { ROTULOS_TIPO_PROTOCOLO } from '@portal/contract/protocolos';
import { Link, useSearchParams } from 'react-router';
import { SituacaoProtocoloBadge, SituacaoReembolsoBadge } from '@/components/situacao';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useBusca } from '../api/busca';
import { Cabecalho } from '../components/cabecalho';
import { mensagemDeErro } from '../lib/cliente';
import { dataDoDia, dataHora, numeroLegivel } from '../lib/formatos';
import { useConta } from '../lib/sessao';

const link = 'font-mono font-semibold text-brand-800 underline underline-offset-4';

/**
 * One person found: who, the plan links, the latest protocols and reimbursements, each a link to its page.
 * The sections are named with the masked CPF too: people with the same name (a common one) are
 * landmarks apart.
 */
function Pessoa({ p, verReembolsos }: { p: PessoaEncontrada; verReembolsos: boolean }) {
  const quem = `${p.nome}, CPF ${p.cpf}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-xl font-bold text-slate-900">{p.nome}</h2>
      <p className="mb-3 text-sm text-slate-700">
        {p.nomeSocial ? `Nome social: ${p.nomeSocial} · ` : null}CPF {p.cpf} · encontrado por:{' '}
        {ROTULOS_CRITERIO_BUSCA[p.encontradoPor]}
      </p>

      <h3 className="mb-1 font-semibold text-slate-900">Vínculos</h3>
      {p.vinculos.length === 0 ? (
        <p className="mb-3">Sem vínculo de beneficiário (está no cadastro, sem plano).</p>
      ) : (
        <ul className="mb-3 space-y-1">
          {p.vinculos.map((v) => (
            <li key={v.codigoBeneficiario}>
              <span className="font-semibold">Contrato {v.codigoContrato}</span> · {v.plano} · {v.parentesco} ·{' '}
              {v.situacao} · carteirinha <span className="font-mono">{v.codigoBeneficiario}</span>
            </li>
          ))}
        </ul>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-label={`Protocolos de ${quem}`}>
          <h3 className="mb-1 font-semibold text-slate-900">Protocolos</h3>
          {p.protocolos.length === 0 ? (
            <p>Nenhum protocolo.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {p.protocolos.map((x) => (
                <li key={x.protocolo} className="py-2">
                  <Link to={`/atendimento/protocolos/${x.protocolo}`} className={link}>
                    {numeroLegivel(x.protocolo)}
                  </Link>
                  <span className="block text-sm">
                    {ROTULOS_TIPO_PROTOCOLO[x.tipo]} — {x.assunto}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    Aberto em {dataHora(x.criadoEm)} · contrato {x.codigoContrato}{' '}
                    <SituacaoProtocoloBadge situacao={x.situacao} />
                  </span>
                </li>
              ))}
            </ul>
          )}
          {p.maisProtocolos ? (
            <p className="mt-1 text-sm text-slate-700">
              Mostrando os {BUSCA_ATENDIMENTO.maxPorPessoa} mais recentes. Busque pelo número para achar um anterior.
            </p>
          ) : null}
        </section>

        {verReembolsos ? (
          <section aria-label={`Reembolsos de ${quem}`}>
            <h3 className="mb-1 font-semibold text-slate-900">Reembolsos</h3>
            {p.reembolsos.length === 0 ? (
              <p>Nenhum reembolso.</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {p.reembolsos.map((r) => (
                  <li key={r.protocolo} className="py-2">
                    <Link to={`/atendimento/reembolsos/${r.protocolo}`} className={link}>
                      {numeroLegivel(r.protocolo)}
                    </Link>
                    <span className="block text-sm">
                      {ROTULOS_TIPO_REEMBOLSO[r.tipo]} de {r.beneficiario} em {dataDoDia(r.dataAtendimento)} ·{' '}
                      {formatBRL(r.valorPago)} · recibo {r.numeroRecibo}
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                      {r.prestador} <SituacaoReembolsoBadge situacao={r.situacao} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {p.maisReembolsos ? (
              <p className="mt-1 text-sm text-slate-700">
                Mostrando os {BUSCA_ATENDIMENTO.maxPorPessoa} mais recentes. Busque pelo número do recibo para achar um
                anterior.
              </p>
            ) : null}
          </section>
        ) : null}
      </div>
    </li>
  );
}

/** Said when more people have the name than the search reads: those shown are some of them. */
export const AVISO_NOME_COMUM =
  'Muitas pessoas com esse nome. Acrescente um sobrenome ou busque pelo CPF, carteirinha ou protocolo.';

/**
 * The people found, how many, and whether there were more than the page shows; for a common name
 * (`nomeComum`: the API read only part of them), a warning above the list, announced with the count.
 */
export function PessoasEncontradas({
  pessoas,
  mais,
  nomeComum,
  verReembolsos,
}: {
  pessoas: PessoaEncontrada[];
  mais: boolean;
  nomeComum: boolean;
  verReembolsos: boolean;
}) {
  return (
    <>
      <div role="status" className="mb-3 space-y-3">
        <p className="text-slate-800">
          {pessoas.length === 1 ? '1 pessoa encontrada.' : `${pessoas.length} pessoas encontradas.`}
          {mais && !nomeComum ? ` Há mais de ${BUSCA_ATENDIMENTO.maxPessoas}: digite mais do nome, ou um número.` : ''}
        </p>
        {nomeComum ? (
          <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950">
            {AVISO_NOME_COMUM}
          </p>
        ) : null}
      </div>
      <ul aria-label="Pessoas encontradas" className="space-y-4">
        {pessoas.map((p, i) => (
          <Pessoa key={`${i}-${p.cpf}`} p={p} verReembolsos={verReembolsos} />
        ))}
      </ul>
    </>
  );
}

/** /atendimento/busca?q=…: the people the header's search box found (every search is audited). */
export function BuscaPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const curta = q.length < BUSCA_ATENDIMENTO.minCaracteres;
  const busca = useBusca(q, !curta);
  const conta = useConta();
  const verReembolsos = PAPEIS_REEMBOLSO.includes(conta.papel);
  const pessoas = busca.data?.pessoas ?? [];

  return (
    <>
      <Cabecalho titulo="Busca" />
      {q ? (
        <p className="mb-4 text-slate-800">
          Resultado para <strong className="break-all">“{q}”</strong>. Esta consulta fica registrada na auditoria.
        </p>
      ) : null}
      {curta ? (
        <Alert>
          Digite pelo menos {BUSCA_ATENDIMENTO.minCaracteres} caracteres na busca do topo da página: CPF, nome,
          protocolo, carteirinha ou recibo.
        </Alert>
      ) : busca.isPending ? (
        <Spinner className="py-10" label="Buscando..." />
      ) : busca.isError ? (
        <Alert variant="error">{mensagemDeErro(busca.error, 'Não foi possível buscar. Tente novamente.')}</Alert>
      ) : pessoas.length === 0 ? (
        <Alert>Ninguém encontrado. Confira os números, ou busque por parte do nome.</Alert>
      ) : (
        <PessoasEncontradas
          pessoas={pessoas}
          mais={busca.data?.mais ?? false}
          nomeComum={busca.data?.nomeComum ?? false}
          verReembolsos={verReembolsos}
        />
      )}
    </>
  );
}
