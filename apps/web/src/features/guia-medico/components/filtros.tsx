import { problemaDaBusca, BUSCA } from '@portal/contract/guia-medico-busca';
import { Eraser, Search } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCidades } from '../api/cidades';
import { useEspecialidades } from '../api/especialidades';
import type { FiltroDaBusca } from '../busca';
import { rotuloCidade } from '../formatar';

const selectClass =
  'h-12 w-full min-w-0 rounded-lg border border-slate-500 bg-white px-3 text-base text-slate-900 disabled:cursor-not-allowed disabled:bg-slate-100';

interface FiltrosProps {
  /** The search in the URL (the form starts from it; back/forward remount it). */
  inicial: FiltroDaBusca | null;
  pesquisando: boolean;
  onPesquisar: (filtro: Omit<FiltroDaBusca, 'pagina'>) => void;
  onLimpar: () => void;
}

/** docs/produto/guia-medico.md "Screens" filters: city ('name / UF'), free text for name or address, specialty; all optional. */
export function Filtros({ inicial, pesquisando, onPesquisar, onLimpar }: FiltrosProps) {
  const cidades = useCidades();
  const especialidades = useEspecialidades();
  const [cidade, setCidade] = useState(inicial?.cidade ? String(inicial.cidade) : '');
  const [especialidade, setEspecialidade] = useState(inicial?.especialidade ? String(inicial.especialidade) : '');
  const [busca, setBusca] = useState(inicial?.busca ?? '');
  const [erro, setErro] = useState<string | null>(() => problemaDaBusca(inicial?.busca));
  const buscaRef = useRef<HTMLInputElement>(null);
  const cidadeId = useId();
  const especialidadeId = useId();

  const pesquisar = (e: FormEvent) => {
    e.preventDefault();
    const problema = problemaDaBusca(busca);
    setErro(problema);
    if (problema) {
      buscaRef.current?.focus();
      return;
    }
    onPesquisar({
      ...(cidade ? { cidade: Number(cidade) } : {}),
      ...(especialidade ? { especialidade: Number(especialidade) } : {}),
      ...(busca.trim() ? { busca: busca.trim() } : {}),
    });
  };

  const limpar = () => {
    setCidade('');
    setEspecialidade('');
    setBusca('');
    setErro(null);
    onLimpar();
  };

  return (
    <form
      role="search"
      aria-label="Filtros do Guia Médico"
      onSubmit={pesquisar}
      noValidate
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="grid gap-4 md:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor={cidadeId}>Cidade</Label>
          <select
            id={cidadeId}
            value={cidade}
            onChange={(e) => setCidade(e.target.value)}
            disabled={cidades.isPending}
            className={selectClass}
          >
            <option value="">{cidades.isPending ? 'Carregando...' : 'Todas as cidades'}</option>
            {(cidades.data ?? []).map((c) => (
              <option key={c.codigo} value={c.codigo}>
                {rotuloCidade(c)}
              </option>
            ))}
          </select>
        </div>
        <FormField label="Nome ou endereço" error={erro ?? undefined}>
          {(control) => (
            <Input
              {...control}
              ref={buscaRef}
              type="search"
              inputMode="search"
              autoComplete="off"
              maxLength={BUSCA.maxCaracteres}
              placeholder="Médico, clínica, rua ou bairro"
              value={busca}
              onChange={(e) => {
                setBusca(e.target.value);
                if (erro) setErro(null);
              }}
            />
          )}
        </FormField>
        <div className="space-y-1.5">
          <Label htmlFor={especialidadeId}>Especialidade</Label>
          <select
            id={especialidadeId}
            value={especialidade}
            onChange={(e) => setEspecialidade(e.target.value)}
            disabled={especialidades.isPending}
            className={selectClass}
          >
            <option value="">{especialidades.isPending ? 'Carregando...' : 'Todas as especialidades'}</option>
            {(especialidades.data ?? []).map((esp) => (
              <option key={esp.codigo} value={esp.codigo}>
                {esp.nome}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={limpar}>
          <Eraser aria-hidden="true" />
          Limpar Filtros
        </Button>
        <Button type="submit" disabled={pesquisando} aria-busy={pesquisando || undefined}>
          <Search aria-hidden="true" />
          {pesquisando ? 'Pesquisando...' : 'Pesquisar'}
        </Button>
      </div>
    </form>
  );
}
