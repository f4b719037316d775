import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAuditoria } from '../api/painel';
import { Cabecalho } from '../components/cabecalho';
import { Tabela } from '../components/tabela';
import { dataHora, numeroLegivel } from '../lib/formatos';

const EVENTOS: Record<string, string> = {
  equipe_leu_protocolo: 'Leu um protocolo',
  equipe_leu_fila: 'Leu a fila',
  equipe_respondeu: 'Respondeu',
  equipe_pediu_informacao: 'Pediu informações',
  equipe_encaminhou: 'Encaminhou',
  equipe_cancelou: 'Cancelou',
  equipe_criou_modelo: 'Criou um modelo de resposta',
  equipe_removeu_modelo: 'Removeu um modelo de resposta',
  equipe_reenviou_webhook: 'Reenviou um webhook',
  equipe_entrou: 'Entrou',
  equipe_saiu: 'Saiu',
  equipe_senha_errada: 'Senha errada',
  equipe_codigo_errado: 'Código do autenticador errado',
  equipe_codigo_aceito: 'Código aceito; falta trocar a senha provisória',
  equipe_definiu_senha: 'Trocou a senha provisória',
  equipe_trocou_senha: 'Trocou a própria senha',
  equipe_troca_de_senha_recusada: 'Troca de senha recusada',
  equipe_entrada_bloqueada: 'Entrada bloqueada',
  equipe_leu_notas: 'Leu as notas internas',
  equipe_escreveu_nota: 'Escreveu uma nota interna',
};

/** A day typed in the filter (AAAA-MM-DD) as the instant it starts or ends in São Paulo (UTC−3). */
const limite = (dia: string, fim: boolean) => (dia ? `${dia}T${fim ? '23:59:59' : '00:00:00'}-03:00` : '');

/** /atendimento/auditoria: every staff read of member data and every action (administrador). */
export function AuditoriaPage() {
  const [desde, setDesde] = useState('');
  const [ate, setAte] = useState('');
  const [filtros, setFiltros] = useState<Record<string, string>>({});
  const q = useAuditoria(filtros);

  return (
    <>
      <Cabecalho titulo="Auditoria" />
      <form
        className="mb-5 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const f: Record<string, string> = {};
          if (desde) f.desde = new Date(limite(desde, false)).toISOString();
          if (ate) f.ate = new Date(limite(ate, true)).toISOString();
          setFiltros(f);
        }}
      >
        <FormField label="Desde">
          {(c) => <Input {...c} type="date" value={desde} onChange={(e) => setDesde(e.target.value)} />}
        </FormField>
        <FormField label="Até">
          {(c) => <Input {...c} type="date" value={ate} onChange={(e) => setAte(e.target.value)} />}
        </FormField>
        <Button type="submit">Filtrar</Button>
      </form>
      {q.isPending ? (
        <Spinner className="py-10" label="Carregando a auditoria..." />
      ) : q.isError ? (
        <Alert variant="error">Não foi possível carregar a auditoria.</Alert>
      ) : q.data.registros.length === 0 ? (
        <Alert>Nenhum registro no período.</Alert>
      ) : (
        <Tabela
          legenda="Registros de auditoria, os mais recentes primeiro"
          colunas={['Quando e de onde', 'Conta', 'Evento', 'Protocolo e contrato']}
        >
          {q.data.registros.map((r) => (
            <tr key={r.id}>
              <td>
                <span className="block whitespace-nowrap">{dataHora(r.em)}</span>
                <span className="block font-mono text-sm text-slate-700">IP {r.ip}</span>
              </td>
              <td>
                {r.contaNome ??
                  (typeof r.detalhe.email === 'string' ? `${r.detalhe.email} (nenhuma conta ativa)` : '—')}
              </td>
              <td>{EVENTOS[r.evento] ?? r.evento}</td>
              <td>
                {r.protocolo ? (
                  <span className="block font-mono whitespace-nowrap">{numeroLegivel(r.protocolo)}</span>
                ) : null}
                {r.codigoContrato ? <span className="block text-sm">Contrato {r.codigoContrato}</span> : null}
                {!r.protocolo && !r.codigoContrato ? '—' : null}
              </td>
            </tr>
          ))}
        </Tabela>
      )}
    </>
  );
}
