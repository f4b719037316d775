import { formatBRL } from '@portal/br';
import type { ItemUtilizacao } from '@portal/contract';
import { useMemo, useState } from 'react';
import { BeneficiarioSelect, beneficiarioInicial } from '@/components/membro/beneficiario-select';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { usePerfilAutenticado } from '@/lib/membro';
import { useUsuario } from '@/lib/sessao-context';
import { useBeneficiarios } from '../api/beneficiarios';
import { useListarUtilizacao } from '../api/listar-utilizacao';
import { AvaliacaoDialogBody } from './avaliacao-dialog';
import { agruparPorCategoria } from './categorias';
import { ProcedimentoCard } from './procedimento-card';

export function UtilizacaoPage() {
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Tabela de utilização" />
      {perfil ? <Utilizacao /> : <PerfilInvalido />}
    </div>
  );
}

function Utilizacao() {
  const usuario = useUsuario();
  const beneficiarios = useBeneficiarios();
  const [escolhido, setEscolhido] = useState<string | null>(null);
  const lista = beneficiarios.data ?? [];
  const codigo = escolhido ?? beneficiarioInicial(lista, usuario.codigoBeneficiario);

  if (beneficiarios.isPending) return <Carregando />;
  if (beneficiarios.isError) return <FalhaAoCarregar onTentarNovamente={() => void beneficiarios.refetch()} />;
  if (lista.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
        Nenhum registro de utilização
      </p>
    );

  return (
    <div className="space-y-5">
      <BeneficiarioSelect beneficiarios={lista} value={codigo} onChange={setEscolhido} />
      {codigo ? <Historico key={codigo} codigoBeneficiario={codigo} /> : null}
    </div>
  );
}

function Historico({ codigoBeneficiario }: { codigoBeneficiario: string }) {
  const historico = useListarUtilizacao(codigoBeneficiario);
  const [avaliando, setAvaliando] = useState<ItemUtilizacao | null>(null);
  const itens = useMemo(() => historico.data?.procedimentos ?? [], [historico.data]);
  const grupos = useMemo(() => agruparPorCategoria(itens), [itens]);
  const abertos = useMemo(
    () =>
      grupos
        .filter((g) => g.itens.length > 0)
        .map((g) => g.categoria)
        .slice(0, 1),
    [grupos],
  );

  if (historico.isPending) return <Carregando label="Carregando histórico..." />;
  if (historico.isError) return <FalhaAoCarregar onTentarNovamente={() => void historico.refetch()} />;

  const total = grupos.reduce((s, g) => s + Math.round(g.total * 100), 0) / 100;
  return (
    <section aria-labelledby="historico-titulo" aria-busy={historico.isFetching || undefined} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="historico-titulo" className="text-xl font-bold text-slate-900">
          Histórico de utilização ({itens.length})
        </h2>
        {itens.length ? (
          <p className="text-slate-800">
            Total: <span className="font-bold tabular-nums">{formatBRL(total)}</span>
          </p>
        ) : null}
      </div>
      {itens.length === 0 ? (
        <div className="space-y-3">
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            Nenhuma utilização encontrada
          </p>
          {historico.data.aviso ? (
            <Alert variant="info" title="Aviso sobre o Histórico">
              {historico.data.aviso}
            </Alert>
          ) : null}
        </div>
      ) : (
        <Accordion type="multiple" defaultValue={abertos} className="space-y-3">
          {grupos.map((g) => (
            <AccordionItem key={g.categoria} value={g.categoria}>
              <AccordionTrigger>
                <span className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <span className="text-lg font-bold text-slate-900">{g.rotulo}</span>
                  <span className="text-[15px] text-slate-700">
                    {g.itens.length === 1 ? '1 registro' : `${g.itens.length} registros`} ·{' '}
                    <span className="font-semibold tabular-nums text-slate-900">{formatBRL(g.total)}</span>
                  </span>
                </span>
              </AccordionTrigger>
              <AccordionContent>
                {g.itens.length === 0 ? (
                  <p className="text-slate-700">Nenhum registro nesta categoria.</p>
                ) : (
                  <ul className="space-y-3">
                    {g.itens.map((item) => (
                      <ProcedimentoCard
                        key={`${item.procedimento}-${item.data}`}
                        item={item}
                        onAvaliar={() => setAvaliando(item)}
                      />
                    ))}
                  </ul>
                )}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      )}
      <Dialog open={avaliando !== null} onOpenChange={(v) => !v && setAvaliando(null)}>
        <DialogContent>
          {avaliando ? (
            <AvaliacaoDialogBody
              item={avaliando}
              codigoBeneficiario={codigoBeneficiario}
              onConcluido={() => setAvaliando(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
