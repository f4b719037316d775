import type { PerfilConta } from '@portal/contract';
import { formatDate } from '@portal/br';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { BackButton } from '@/components/conta/back-button';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

interface ProfilesDialogProps {
  perfis: PerfilConta[];
  busy: boolean;
  onEscolher: (perfil: PerfilConta) => void;
  /** Back to the CPF step: docs/produto/acesso.md ("Login") keeps Esc and outside clicks from closing it, not a way out. */
  onVoltar: () => void;
}

/**
 * 'Perfis Disponíveis': non-dismissible (spec: Esc and outside clicks do nothing); choosing a profile
 * (click or Enter) logs in with it, and 'Voltar' goes back to the CPF step.
 */
export function ProfilesDialog({ perfis, busy, onEscolher, onVoltar }: ProfilesDialogProps) {
  const [escolhido, setEscolhido] = useState<number | null>(null);
  return (
    <Dialog open>
      <DialogContent dismissible={false}>
        <DialogTitle>Perfis Disponíveis</DialogTitle>
        <DialogDescription>Escolha o perfil com o qual deseja entrar.</DialogDescription>
        <ul className="mt-5 space-y-3">
          {perfis.map((perfil, i) => {
            const cancelado = !!perfil.dataCancelamento;
            return (
              <li key={`${perfil.codigoPlano}-${perfil.codigoContrato}-${i}`}>
                <button
                  type="button"
                  disabled={busy}
                  aria-busy={busy && escolhido === i ? true : undefined}
                  onClick={() => {
                    setEscolhido(i);
                    onEscolher(perfil);
                  }}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-xl border-2 p-4 text-left transition-colors disabled:cursor-wait disabled:opacity-70',
                    cancelado
                      ? 'border-red-300 bg-red-50 hover:border-red-500'
                      : 'border-slate-300 bg-white hover:border-brand-700 hover:bg-brand-50',
                  )}
                >
                  <span className="min-w-0 flex-1 space-y-1">
                    <span className="block font-bold text-slate-900">{perfil.tipoPerfil}</span>
                    <span className="block text-[15px] text-slate-700">
                      Plano {perfil.codigoPlano} · Contrato {perfil.codigoContrato}
                    </span>
                    {cancelado ? (
                      <Badge variant="destructive">Cancelado em {formatDate(perfil.dataCancelamento)}</Badge>
                    ) : (
                      <Badge variant="success">Ativo desde {formatDate(perfil.dataInicioVigencia)}</Badge>
                    )}
                  </span>
                  {busy && escolhido === i ? (
                    <span
                      aria-hidden="true"
                      className="size-6 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
                    />
                  ) : (
                    <ChevronRight aria-hidden="true" className="size-6 shrink-0 text-slate-600" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        <div className="mt-4">
          <BackButton onClick={onVoltar} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
