import { ROTULOS_TIPO_PROTOCOLO, TIPOS_PROTOCOLO, type TipoProtocolo } from '@portal/contract/protocolos';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { useGerirModelos, useModelos } from '../api/modelos';
import { Cabecalho } from '../components/cabecalho';
import { mensagemDeErro } from '../lib/cliente';

/** /atendimento/modelos: the reusable answer texts the protocol page offers (supervisor, administrador). */
export function ModelosPage() {
  const q = useModelos();
  const { criar, excluir } = useGerirModelos();
  const [titulo, setTitulo] = useState('');
  const [texto, setTexto] = useState('');
  // '' is every kind ('Todos os tipos'); a template is offered only on protocols of its kind (0057).
  const [tipo, setTipo] = useState<TipoProtocolo | ''>('');
  const [erro, setErro] = useState<string | null>(null);

  function salvar(e: FormEvent) {
    e.preventDefault();
    if (!titulo.trim() || !texto.trim()) return setErro('Informe o título e o texto.');
    setErro(null);
    criar.mutate(
      { titulo: titulo.trim(), texto: texto.trim(), tipos: tipo ? [tipo] : [] },
      {
        onSuccess: () => {
          toast.success('Modelo de resposta salvo.');
          setTitulo('');
          setTexto('');
          setTipo('');
        },
        onError: (err) => setErro(mensagemDeErro(err)),
      },
    );
  }

  return (
    <>
      <Cabecalho titulo="Modelos de resposta" />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="novo-modelo" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="novo-modelo" className="mb-3 text-lg font-bold">
            Novo modelo
          </h2>
          <form className="space-y-4" onSubmit={salvar} onChange={() => setErro(null)} noValidate>
            <FormField label="Título">
              {(c) => <Input {...c} maxLength={120} value={titulo} onChange={(e) => setTitulo(e.target.value)} />}
            </FormField>
            <FormField label="Tipo de protocolo" hint="O modelo só aparece nas respostas a protocolos deste tipo.">
              {(c) => (
                <NativeSelect {...c} value={tipo} onChange={(e) => setTipo(e.target.value as TipoProtocolo | '')}>
                  <option value="">Todos os tipos</option>
                  {TIPOS_PROTOCOLO.map((t) => (
                    <option key={t} value={t}>
                      {ROTULOS_TIPO_PROTOCOLO[t]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Texto">
              {(c) => (
                <Textarea {...c} maxLength={2000} rows={6} value={texto} onChange={(e) => setTexto(e.target.value)} />
              )}
            </FormField>
            {erro ? <Alert variant="error">{erro}</Alert> : null}
            <Button type="submit" disabled={criar.isPending}>
              Salvar modelo
            </Button>
          </form>
        </section>
        <section aria-labelledby="modelos-salvos">
          <h2 id="modelos-salvos" className="mb-3 text-lg font-bold">
            Modelos salvos
          </h2>
          {q.isPending ? (
            <Spinner className="py-10" label="Carregando os modelos..." />
          ) : q.isError ? (
            <Alert variant="error">Não foi possível carregar os modelos.</Alert>
          ) : q.data.modelos.length === 0 ? (
            <Alert>Nenhum modelo salvo.</Alert>
          ) : (
            <ul className="space-y-3">
              {q.data.modelos.map((m) => (
                <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-4">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="font-semibold">{m.titulo}</h3>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Excluir o modelo ${m.titulo}`}
                      disabled={excluir.isPending}
                      onClick={() => excluir.mutate(m.id, { onSuccess: () => toast.success('Modelo excluído.') })}
                    >
                      <Trash2 aria-hidden="true" />
                      Excluir
                    </Button>
                  </div>
                  <p className="text-sm text-slate-700">
                    {m.tipos.length ? m.tipos.map((t) => ROTULOS_TIPO_PROTOCOLO[t]).join(', ') : 'Todos os tipos'}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap text-slate-800">{m.texto}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
